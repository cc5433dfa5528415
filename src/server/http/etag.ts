import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === tag || value === `W/${tag}`;
  });
}

/**
 * Polled JSON GETs get an ETag; a matching If-None-Match gets 304 so an unchanged poll costs no body. API answers
 * default to `no-cache`: a browser may keep them but must revalidate, which is what makes the ETag pay off.
 */
export function etag(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-cache');
    const contentType = c.res.headers.get('content-type') ?? '';
    const noStore = (c.res.headers.get('cache-control') ?? '').includes('no-store');
    if (c.req.method !== 'GET' || c.res.status !== 200 || !contentType.includes('json') || noStore) return;
    const body = new Uint8Array(await c.res.clone().arrayBuffer());
    const tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (matches(c.req.header('if-none-match'), tag)) {
      const headers = new Headers(c.res.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      headers.set('ETag', tag);
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res.headers.set('ETag', tag);
  };
}
