import { RATE_LIMIT_EVENTS_KEPT_MS } from '../auth/rateLimiter';
import { IDEMPOTENCY_RETENTION_MS } from '../http/idempotency';
import type { Scheduler } from '../schedules/scheduler';
import type { Db } from './database';

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes refresh tokens past their expiry, idempotency keys past their 24 h retention and old rate-limit events. */
export async function pruneExpired(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now.toISOString()).execute();
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('rate_limit_events').where('at', '<', now.getTime() - RATE_LIMIT_EVENTS_KEPT_MS).execute();
}

/** Runs `pruneExpired` on the first scheduler tick and then at most once an hour. */
export function schedulePruning(scheduler: Scheduler, db: Db): void {
  let lastRun = Number.NEGATIVE_INFINITY;
  scheduler.registerTickHandler('prune-expired', async (now) => {
    if (now.getTime() - lastRun < PRUNE_INTERVAL_MS) return;
    lastRun = now.getTime();
    await pruneExpired(db, now);
  });
}
