import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { APP_BASE_PATH } from '../../shared/endpoints';
import { bytesOf, compress, ENCODED_FILE_SUFFIX, negotiateEncoding, type ContentEncoding } from '../http/contentEncoding';
import { entityTag, matchesAnyEncoding } from '../http/etag';
import { isCompressible } from './precompress';

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

/** One way a file can be sent: its bytes as they go out, and their entity tag. */
interface Representation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  encoding: ContentEncoding | null;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  representations: Map<ContentEncoding | 'identity', Promise<Representation | null>>;
}

/**
 * The representations of the files served so far, each read (and hashed) once per version of its file. The files are
 * the build's and the runtime config, so this stays the size of a build.
 */
const servedFiles = new Map<string, CachedFile>();

async function fileStats(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

function representationOf(body: Uint8Array<ArrayBuffer>, encoding: ContentEncoding | null): Representation {
  return { body, encoding, etag: entityTag(body) };
}

/**
 * The file's copy in `encoding`: the build's precompressed copy beside it when that is at least as new as the file,
 * else (a runtime config edited in place, a build made without copies) compressed here once. Null when compressing does
 * not make it smaller.
 */
async function encodedRepresentation(file: string, stats: Stats, encoding: ContentEncoding): Promise<Representation | null> {
  const copy = `${file}${ENCODED_FILE_SUFFIX[encoding]}`;
  const copyStats = await fileStats(copy);
  const body = copyStats?.isFile() && copyStats.mtimeMs >= stats.mtimeMs ? bytesOf(await readFile(copy)) : await compress(await readFile(file), encoding, 'fast');
  return body.byteLength < stats.size ? representationOf(body, encoding) : null;
}

function representation(file: string, stats: Stats, encoding: ContentEncoding | null): Promise<Representation | null> {
  let cached = servedFiles.get(file);
  if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
    cached = { mtimeMs: stats.mtimeMs, size: stats.size, representations: new Map() };
    servedFiles.set(file, cached);
  }
  const key = encoding ?? 'identity';
  let made = cached.representations.get(key);
  if (!made) {
    made = encoding ? encodedRepresentation(file, stats, encoding) : readFile(file).then((body) => representationOf(bytesOf(body), null));
    // A failed read is not kept: the next request tries again.
    made.catch(() => cached.representations.delete(key));
    cached.representations.set(key, made);
  }
  return made;
}

async function fileResponse<E extends Env>(c: Context<E>, file: string | null, cacheControl: string): Promise<Response | null> {
  if (file === null) return null;
  const stats = await fileStats(file);
  if (!stats?.isFile()) return null;
  const compressible = isCompressible(file);
  const encoding = compressible ? negotiateEncoding(c.req.header('accept-encoding')) : null;
  const sent = (encoding ? await representation(file, stats, encoding) : null) ?? (await representation(file, stats, null));
  if (!sent) return null;
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: sent.etag,
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (sent.encoding) headers['Content-Encoding'] = sent.encoding;
  if (matchesAnyEncoding(c.req.header('if-none-match'), sent.etag)) return c.body(null, 304, headers);
  return c.body(sent.body, 200, headers);
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
