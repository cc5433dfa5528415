import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../shared/endpoints';
import type { Db } from '../db/database';
import { ApiError } from './apiError';
import type { AppEnv } from './appEnv';

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_KEY_LENGTH = 255;
/** Headers worth replaying; token headers are never produced by signed-in writes. */
const KEPT_HEADERS = ['content-type', 'location'];

interface Scope {
  user_id: string;
  key: string;
  method: string;
  path: string;
}

/**
 * A signed-in write carrying `Idempotency-Key` runs once: a repeat with the same user, key, method and path gets
 * the stored answer (an offline outbox replaying a mutation must not create a second row). A repeat arriving while
 * the first is still running waits for it. Server faults (5xx) are not stored, so a retry can still succeed.
 * Anonymous calls (sign-in) are not covered: their answers carry tokens, which must not be stored.
 */
export function idempotency(db: Db): MiddlewareHandler<AppEnv> {
  const inFlight = new Map<string, Promise<void>>();

  async function lookUp(scope: Scope) {
    // Older keys are pruned hourly (db/pruneExpired); until then they are ignored here.
    const cutoff = new Date(Date.now() - IDEMPOTENCY_RETENTION_MS).toISOString();
    return db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', scope.user_id)
      .where('key', '=', scope.key)
      .where('method', '=', scope.method)
      .where('path', '=', scope.path)
      .where('created_at', '>=', cutoff)
      .executeTakeFirst();
  }

  async function store(scope: Scope, response: Response): Promise<void> {
    const headers = Object.fromEntries(
      KEPT_HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    await db
      .insertInto('idempotency_keys')
      .values({
        ...scope,
        status: response.status,
        headers: JSON.stringify(headers),
        body: await response.clone().text(),
        created_at: new Date().toISOString(),
      })
      // A key older than the retention window but not yet pruned is replaced by the new answer.
      .onConflict((oc) =>
        oc.columns(['user_id', 'key', 'method', 'path']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          headers: eb.ref('excluded.headers'),
          body: eb.ref('excluded.body'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const user = c.get('user');
    if (key === undefined || !user || !WRITE_METHODS.has(c.req.method)) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError(400, `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters.`);
    }
    const scope: Scope = { user_id: user.row.id, key, method: c.req.method, path: c.req.path };
    const scopeId = JSON.stringify(scope);
    for (let earlier = inFlight.get(scopeId); earlier; earlier = inFlight.get(scopeId)) await earlier;
    let release = () => {};
    inFlight.set(scopeId, new Promise<void>((resolve) => (release = resolve)));
    try {
      const stored = await lookUp(scope);
      if (stored) {
        const headers = new Headers(JSON.parse(stored.headers) as Record<string, string>);
        headers.set(REPLAYED_HEADER, 'true');
        c.res = new Response(stored.body, { status: stored.status, headers });
        return;
      }
      await next();
      // A `no-store` answer carries a secret shown once (a bot's trigger secret): it is never written to the table.
      const carriesSecret = (c.res.headers.get('cache-control') ?? '').includes('no-store');
      if (c.res.status < 500 && !carriesSecret) await store(scope, c.res);
    } finally {
      inFlight.delete(scopeId);
      release();
    }
  };
}
