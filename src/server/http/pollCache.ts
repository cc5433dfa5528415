import type { Context, TypedResponse } from 'hono';
import { entityTag } from './etag';

/**
 * How long an answer built for a polled view may serve again when nothing was written in this process: writes made by
 * another process on the same database (a second replica, a script) show after at most this long.
 */
export const POLL_CACHE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  generation: number;
  expiresAt: number;
  body: string;
  etag: string;
}

export interface PollCacheOptions {
  /** The database's write generation: an answer built before the last write is never served. */
  writeGeneration: () => number;
  ttlMs?: number;
  now?: () => number;
}

export type PollCache = ReturnType<typeof createPollCache>;

/**
 * The answers of polled views (the status sidebar, the queue, the pending imports), kept in memory. A thousand wall
 * displays ask the same few questions every five seconds and nearly always get "unchanged": building the answer from
 * the database and hashing it for each of them is what the server spent its time on. An answer is kept per question
 * (path, query and caller) and served again while the database has seen no write from this process and for at most
 * POLL_CACHE_TTL_MS; its ETag is computed once, so an unchanged poll costs a lookup and a 304.
 */
export function createPollCache({ writeGeneration, ttlMs = POLL_CACHE_TTL_MS, now = Date.now }: PollCacheOptions) {
  const entries = new Map<string, Entry>();

  function forgetExpired(at: number): void {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  }

  async function answer(key: string, build: () => Promise<unknown>): Promise<Entry> {
    const at = now();
    const generation = writeGeneration();
    const known = entries.get(key);
    if (known && known.generation === generation && known.expiresAt > at) return known;
    const body = JSON.stringify(await build());
    const entry: Entry = { generation, expiresAt: at + ttlMs, body, etag: entityTag(new TextEncoder().encode(body)) };
    if (entries.size >= MAX_ENTRIES) forgetExpired(at);
    if (entries.size < MAX_ENTRIES) entries.set(key, entry);
    return entry;
  }

  return {
    /**
     * The JSON answer to `c`'s request, from memory when still current, else from `build`; keyed by the request's path
     * and query and by the caller, since answers differ per user and organisation.
     */
    async json<T>(c: Context, callerId: string, build: () => Promise<T>): Promise<TypedResponse<T, 200, 'json'>> {
      const url = new URL(c.req.url);
      const { body, etag } = await answer(`${callerId} ${url.pathname}${url.search}`, build);
      // The body is JSON.stringify of a T, as c.json would send: its type is the route's.
      return c.body(body, 200, { 'Content-Type': 'application/json', ETag: etag }) as unknown as TypedResponse<T, 200, 'json'>;
    },
  };
}
