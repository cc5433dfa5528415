import type { Context } from 'hono';
import { flags } from '../../shared/config';
import type { Api } from '../services';

interface ExplanationPage {
  title: string;
  /** What belongs at this path. */
  lead: string;
  /** Steps to deploy it, in order. */
  steps: string[];
  note: string;
}

/** Styles inline: the page is a document of its own in the frame, and the app's CSP allows inline styles. */
const STYLE = `
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7fa}
main{max-width:44rem;margin:2rem auto;padding:1.5rem 2rem;background:#fff;border:1px solid #d9e2ec;border-radius:8px}
h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:.5rem 0}ol{padding-left:1.25rem}li{margin:.35rem 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f0f4f8;padding:.1rem .3rem;border-radius:4px}
.note{color:#52606d;border-top:1px solid #e4e7eb;margin-top:1rem;padding-top:.75rem}`;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Text with `code` spans: the only markup the pages use. */
function inline(text: string): string {
  return escapeHtml(text).replaceAll(/`([^`]+)`/g, '<code>$1</code>');
}

export function renderExplanationPage(page: ExplanationPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(page.title)}</h1>
<p>${inline(page.lead)}</p>
<ol>${page.steps.map((step) => `<li>${inline(step)}</li>`).join('')}</ol>
<p class="note">${inline(page.note)}</p>
</main></body></html>
`;
}

const parserConfigPath = flags.parserConfigPath({});
const staticDashboardPath = flags.staticDashboardPath({});

export const PARSER_CONFIG_PAGE: ExplanationPage = {
  title: 'Parser configuration builder is not deployed',
  lead:
    `The Parser Config Builder page shows the parser configuration application served at \`${parserConfigPath}\` of ` +
    'this host. This platform does not include that application, so this page stands in for it.',
  steps: [
    'Build or obtain the parser configuration web application (a static site whose entry page is index.html).',
    `Serve it at \`${parserConfigPath}\` on this host, for example with a reverse proxy (nginx: \`location ${parserConfigPath} { proxy_pass http://parser-config:8080; }\`) in front of the platform.`,
    `Or serve it elsewhere and set \`parserConfigPath\` in \`/studio/assets/studio_config.json\` to its path on this host.`,
    'Reload the Parser Config Builder page: it shows the application once it answers there.',
  ],
  note: 'The page must allow framing by this host (no X-Frame-Options DENY; frame-ancestors including this origin).',
};

export const STATIC_DASHBOARD_PAGE: ExplanationPage = {
  title: 'Static dashboard is not deployed',
  lead:
    `The Static Dashboard page shows a static dashboard served at \`${staticDashboardPath}\` of this host. This ` +
    'platform does not include one, so this page stands in for it. The Dashboard and Custom Dashboard pages of the studio show live results without it.',
  steps: [
    'Export or build the static dashboard (HTML, scripts and styles; the entry page is index.html).',
    `Serve it at \`${staticDashboardPath}\` on this host, for example with a reverse proxy (nginx: \`location ${staticDashboardPath} { root /var/www; }\`) in front of the platform.`,
    `Or serve it elsewhere and set \`staticDashboardPath\` in \`/studio/assets/studio_config.json\` to its path on this host.`,
    'Reload the Static Dashboard page: it shows the dashboard once it answers there.',
  ],
  note: 'The page must allow framing by this host (no X-Frame-Options DENY; frame-ancestors including this origin).',
};

/**
 * The spec's embedded pages at /parserConfig and /static-dashboard belong to other applications; this server answers
 * them with a styled explanation of what to deploy there instead of a 404, so the frames are never blank. A proxy in
 * front that serves the real application takes the path before it reaches here.
 */
export function registerEmbeddedPages({ app }: Pick<Api, 'app'>): void {
  for (const [path, page] of [
    [parserConfigPath, PARSER_CONFIG_PAGE],
    [staticDashboardPath, STATIC_DASHBOARD_PAGE],
  ] as const) {
    const html = renderExplanationPage(page);
    const serve = (c: Context) => c.html(html, 200, { 'Cache-Control': 'no-cache' });
    app.get(path, serve);
    app.get(`${path}/`, serve);
  }
}
