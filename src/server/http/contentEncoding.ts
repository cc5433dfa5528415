import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

/** The encodings the server sends, best first: brotli is smaller, gzip is what every client takes. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** The file suffix of a precompressed copy written by the build (`index-abc.js.br`). */
export const ENCODED_FILE_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to send for an Accept-Encoding header, among `offered`: the first of CONTENT_ENCODINGS the client
 * accepts with a non-zero q-value (by name or `*`), or null for the identity encoding.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, offered: readonly ContentEncoding[] = CONTENT_ENCODINGS): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)).find(Boolean);
    const weight = q?.[1] !== undefined ? Number(q[1]) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  return CONTENT_ENCODINGS.find((encoding) => offered.includes(encoding) && (weights.get(encoding) ?? wildcard ?? 0) > 0) ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses in zlib's thread pool, so the event loop is not held. `level` trades size for time: the build writes its
 * copies once at the highest level; answers made per request use a fast one.
 */
export async function compress(body: Uint8Array, encoding: ContentEncoding, level: 'highest' | 'fast'): Promise<Uint8Array<ArrayBuffer>> {
  const encoded =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: level === 'highest' ? zlibConstants.BROTLI_MAX_QUALITY : 4,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: level === 'highest' ? zlibConstants.Z_BEST_COMPRESSION : 6 });
  return bytesOf(encoded);
}

/** A Buffer as the plain byte array Response and Hono take; Node's Buffers never sit on shared memory. */
export function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
