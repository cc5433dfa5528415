/**
 * What crosses the wire (issue 10), measured in Chromium, never computed: the login page's scripts and stylesheets as
 * Chromium received them (CDP `Network.loadingFinished` encodedDataLength: headers and the body as sent, compressed or
 * not), with an empty cache and the service worker blocked; and the first service worker install, whose precache
 * downloads Chromium reports on the worker's own session (Playwright's `request.sizes()` reads the same
 * encodedDataLength there). Run alone with `node --import tsx tests/bench/wire.ts` (needs dist/ and Chromium).
 */
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { PREFETCH_META_NAME } from '../../src/lib/prefetch';
import { endpoints } from '../../src/shared/endpoints';
import { launchBrowser, startPlatform } from '../e2e/harness';
import { printFigure } from './figures';

export const KB = 1024;
/** 1.1 × 120 KB, the gzip size of a bare Vite build of a login form with the app's own libraries (issue 10). */
export const LOGIN_JS_WIRE_BUDGET_KB = 132;
/** The first service worker install, as it crosses the wire. */
export const PRECACHE_WIRE_BUDGET_KB = 2 * 1024;
const PREFETCH_WAIT_MS = 15_000;

export interface LoginWire {
  jsBytes: number;
  cssBytes: number;
  scripts: number;
  /** Scripts and stylesheets by the Content-Encoding they arrived with ('identity' for none). */
  encodings: Record<string, number>;
  /** Scripts and stylesheets in all. */
  assets: number;
  /**
   * The signed-in app's files the page prefetched once idle (Chromium reports them as type Other): they fill the
   * cache for after signing in and are not what the page needs, so they are printed apart.
   */
  prefetchBytes: number;
}

export interface WireBench {
  login: LoginWire;
  precacheBytes: number;
  precacheRequests: number;
}

interface CdpResponse {
  requestId: string;
  type?: string;
  response: { url: string; headers: Record<string, string> };
}

/** Every script and stylesheet `/studio/login` loads, as Chromium received it. */
export async function measureLoginWire(browser: Browser, baseUrl: string): Promise<LoginWire> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const assets = new Map<string, { type: 'Script' | 'Stylesheet'; encoding: string }>();
    const others = new Map<string, string>();
    const received = new Map<string, number>();
    cdp.on('Network.responseReceived', (event: CdpResponse) => {
      if (event.type === 'Other') others.set(event.requestId, new URL(event.response.url).pathname);
      if (event.type !== 'Script' && event.type !== 'Stylesheet') return;
      const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      assets.set(event.requestId, { type: event.type, encoding: encoding?.[1] || 'identity' });
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      received.set(event.requestId, event.encodedDataLength);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}/studio/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const sum = (type: string) =>
      [...assets].filter(([, asset]) => asset.type === type).reduce((total, [requestId]) => total + (received.get(requestId) ?? 0), 0);
    const unfinished = [...assets.keys()].filter((requestId) => !received.has(requestId));
    if (unfinished.length > 0) throw new Error(`${unfinished.length} login page assets never finished loading`);
    const prefetchList = new Set(
      await page.evaluate((name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(/\s+/) ?? [], PREFETCH_META_NAME),
    );
    const prefetched = () => [...others].filter(([requestId, path]) => prefetchList.has(path) && received.has(requestId));
    const deadline = Date.now() + PREFETCH_WAIT_MS;
    while (new Set(prefetched().map(([, path]) => path)).size < prefetchList.size) {
      if (Date.now() > deadline) throw new Error(`The sign-in page prefetched ${prefetched().length} of ${prefetchList.size} files in ${PREFETCH_WAIT_MS} ms`);
      await page.waitForTimeout(100);
    }
    const prefetchBytes = prefetched().reduce((total, [requestId]) => total + (received.get(requestId) ?? 0), 0);
    return {
      jsBytes: sum('Script'),
      cssBytes: sum('Stylesheet'),
      scripts: [...assets.values()].filter((asset) => asset.type === 'Script').length,
      encodings: [...assets.values()].reduce<Record<string, number>>((counts, asset) => ({ ...counts, [asset.encoding]: (counts[asset.encoding] ?? 0) + 1 }), {}),
      assets: assets.size,
      prefetchBytes,
    };
  } finally {
    await context.close();
  }
}

/**
 * The bytes the first service worker install downloads: the worker script and its whole precache, from an empty HTTP
 * cache. The worker is registered from a same-origin page that is not the app, so that no script the app page loaded
 * first is taken from the HTTP cache instead of the network.
 */
export async function measurePrecacheWire(browser: Browser, baseUrl: string): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext();
  try {
    const sizes: Array<Promise<number>> = [];
    context.on('requestfinished', (request) => {
      const fromWorker = request.serviceWorker() !== null;
      const isWorkerScript = new URL(request.url()).pathname === '/studio/sw.js';
      if (!fromWorker && !isWorkerScript) return;
      sizes.push(request.sizes().then((size) => size.responseHeadersSize + size.responseBodySize));
    });
    const page = await context.newPage();
    // The demo app: same origin, a page's CSP that lets it register the worker (an API answer's does not), no app script.
    await page.goto(`${baseUrl}${endpoints.demoApp}`);
    // The worker activates once its install, that is every precache download, has finished.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/studio/sw.js', { scope: '/studio/' });
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (!worker) throw new Error('The service worker registration has no worker');
      // No named function in here: tsx would wrap it in a helper the page does not have.
      while (worker.state !== 'activated') {
        if (worker.state === 'redundant') throw new Error('The service worker install failed');
        await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
      }
    });
    const bytes = (await Promise.all(sizes)).reduce((total, size) => total + size, 0);
    return { bytes, requests: sizes.length };
  } finally {
    await context.close();
  }
}

export async function runWireBench(): Promise<WireBench> {
  const platform = await startPlatform();
  const browser = await launchBrowser();
  try {
    const login = await measureLoginWire(browser, platform.baseUrl);
    const precache = await measurePrecacheWire(browser, platform.baseUrl);
    printFigure('login-js-wire', login.jsBytes / KB, 'KB');
    printFigure('login-css-wire', login.cssBytes / KB, 'KB');
    printFigure('login-scripts', login.scripts, 'count');
    const encodings = Object.entries(login.encodings).map(([encoding, count]) => `${encoding} ${count}`);
    console.log(`login-asset-encodings: ${encodings.join(', ')} (of ${login.assets} scripts and stylesheets)`);
    printFigure('login-prefetch-wire', login.prefetchBytes / KB, 'KB (the signed-in app, prefetched once the page is idle)');
    printFigure('precache-wire', precache.bytes / KB, 'KB');
    printFigure('precache-requests', precache.requests, 'count');
    return { login, precacheBytes: precache.bytes, precacheRequests: precache.requests };
  } finally {
    await browser.close();
    await platform.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runWireBench();
}
