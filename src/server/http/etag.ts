import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { compress, CONTENT_ENCODINGS, negotiateEncoding, type ContentEncoding } from './contentEncoding';

/** JSON answers up to this size go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** A strong entity tag of `body`'s bytes. */
export function entityTag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The tag of a representation sent with `encoding`: the bytes differ, so the tag does (RFC 9110 §8.8.3). */
export function encodedTag(tag: string, encoding: ContentEncoding | null): string {
  return encoding ? `${tag.slice(0, -1)}-${encoding}"` : tag;
}

/**
 * Whether If-None-Match names `tag` in any of its encodings: the content is the same, so a client holding the brotli
 * copy of an unchanged answer may keep it whatever it would be sent now.
 */
export function matchesAnyEncoding(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const known = new Set([tag, ...CONTENT_ENCODINGS.map((encoding) => encodedTag(tag, encoding))]);
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || known.has(value);
  });
}

/** Replaces the answer whole: Hono's `c.res` setter would otherwise copy the old headers (Content-Length) onto it. */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

function appendVary(headers: Headers, name: string): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', name);
  else if (!vary.toLowerCase().split(/\s*,\s*/).includes(name.toLowerCase())) headers.set('Vary', `${vary}, ${name}`);
}

/**
 * API answers: JSON GETs get an ETag, and a matching If-None-Match gets a bodiless 304 before anything is compressed;
 * JSON answers over COMPRESS_MIN_BYTES are sent brotli- or gzip-encoded by Accept-Encoding. API answers default to
 * `no-cache`: a browser may keep them but must revalidate, which is what makes the ETag pay off. Other answers (export
 * downloads and their byte ranges, report archives) pass through untouched.
 */
export function etag(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-cache');
    const isJson = (headers.get('content-type') ?? '').includes('json');
    if (!isJson || headers.has('content-encoding') || c.res.status < 200 || c.res.status === 204 || c.res.status === 206) return;

    const body = new Uint8Array(await c.res.arrayBuffer());
    const mayTransform = !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '');
    const encoding = mayTransform && body.byteLength > COMPRESS_MIN_BYTES ? negotiateEncoding(c.req.header('accept-encoding')) : null;
    const outgoing = new Headers(headers);
    if (encoding) appendVary(outgoing, 'Accept-Encoding');
    const tagged = c.req.method === 'GET' && c.res.status === 200 && !(headers.get('cache-control') ?? '').includes('no-store');
    if (tagged) {
      // An answer from the poll cache carries its tag already (computed once); any other is hashed here.
      const tag = headers.get('etag') ?? entityTag(body);
      outgoing.set('ETag', encodedTag(tag, encoding));
      if (matchesAnyEncoding(c.req.header('if-none-match'), tag)) {
        outgoing.delete('content-type');
        outgoing.delete('content-length');
        replaceResponse(c, new Response(null, { status: 304, headers: outgoing }));
        return;
      }
    }
    const sent = encoding ? await compress(body, encoding, 'fast') : body;
    if (encoding) outgoing.set('Content-Encoding', encoding);
    outgoing.set('Content-Length', String(sent.byteLength));
    replaceResponse(c, new Response(sent, { status: c.res.status, headers: outgoing }));
  };
}
