import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { APP_BASE_PATH } from '../../shared/endpoints';

export const NOT_BUILT_MESSAGE = 'The app is not built yet: run npm run build';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Entry points and runtime config must be revalidated on every load so a new build or config is seen at once. */
const REVALIDATE = 'no-cache';
const ASSETS_PREFIX = 'assets/';
/** Runtime config files read from PUBLIC_DIR at request time, so editing them needs no rebuild. */
const RUNTIME_CONFIG_FILES = new Set(['assets/studio_config.json', 'assets/staging_config.json']);

export interface StaticDirs {
  staticDir: string;
  publicDir: string;
}

/** The file `relativePath` names inside `root`, or null when it would escape it. */
function resolveInside(root: string, relativePath: string): string | null {
  const base = resolve(root);
  const target = resolve(base, relativePath);
  const rel = relative(base, target);
  return rel.startsWith('..') || rel.startsWith(sep) ? null : target;
}

async function fileResponse<E extends Env>(c: Context<E>, file: string | null, cacheControl: string): Promise<Response | null> {
  if (file === null) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    const body = await readFile(file);
    return c.body(body, 200, {
      'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** App routes are the extension-less paths outside assets/: the client router handles them in index.html. */
function isAppRoute(relativePath: string): boolean {
  return !relativePath.startsWith(ASSETS_PREFIX) && extname(relativePath) === '';
}

/**
 * Serves the built PWA under /studio/: files from STATIC_DIR, runtime config from PUBLIC_DIR/assets, and
 * index.html for app routes. /api never reaches here, and a missing file with an extension is a 404, never
 * index.html (a stale chunk must fail loudly rather than be parsed as HTML).
 */
export function registerStaticRoutes<E extends Env>(app: Hono<E>, { staticDir, publicDir }: StaticDirs): void {
  const appRoot = `${APP_BASE_PATH}/`;
  app.get('/', (c) => c.redirect(appRoot, 302));
  app.get(APP_BASE_PATH, (c) => c.redirect(appRoot, 302));

  app.get(`${APP_BASE_PATH}/*`, async (c) => {
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(c.req.path.slice(appRoot.length));
    } catch {
      return c.text('Bad request', 400);
    }
    if (relativePath.includes('\0')) return c.text('Bad request', 400);

    if (RUNTIME_CONFIG_FILES.has(relativePath)) {
      return (await fileResponse(c, resolveInside(publicDir, relativePath), REVALIDATE)) ?? c.text('Not found', 404);
    }
    if (isAppRoute(relativePath)) {
      const index = await fileResponse(c, join(staticDir, 'index.html'), REVALIDATE);
      return index ?? c.text(NOT_BUILT_MESSAGE, 503);
    }
    const cacheControl = relativePath.startsWith(ASSETS_PREFIX) ? IMMUTABLE : REVALIDATE;
    return (await fileResponse(c, resolveInside(staticDir, relativePath), cacheControl)) ?? c.text('Not found', 404);
  });
}
