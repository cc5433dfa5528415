import type { Db } from '../db/database';

export interface RateLimits {
  /** Absent: only the address is counted (a limiter with no account to speak of, such as wrong resource tokens). */
  perAccount?: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: RateLimits = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 };

/** Events older than this are pruned (db/pruneExpired.ts): no limit may count over a longer window. */
export const RATE_LIMIT_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

export interface RateLimiter {
  /** Seconds until the next attempt is allowed, or 0 when the account and the address may try now. */
  retryAfterSeconds(account: string, address: string): Promise<number>;
  /** Counts one event (a failed sign-in, an accepted trigger) against the account and the address. */
  record(account: string, address: string): Promise<void>;
  /** Forgets the account's events; the address keeps its count. */
  forget(account: string): Promise<void>;
}

/**
 * Events in a sliding window per account and per address, kept in the database (rate_limit_events): every replica
 * counts the same events, so spreading attempts over several replicas gains an attacker nothing, and a restart
 * forgets nothing. `name` separates limiters (sign-in, bot triggers) sharing the table.
 */
export function createRateLimiter(db: Db, name: string, limits: RateLimits, now: () => number = Date.now): RateLimiter {
  const windowMs = limits.windowSeconds * 1000;
  const accountBucket = `${name}:account`;
  const addressBucket = `${name}:address`;

  async function waitSeconds(bucket: string, key: string, limit: number, at: number): Promise<number> {
    const newest = await db
      .selectFrom('rate_limit_events')
      .select('at')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .where('at', '>', at - windowMs)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (newest.length < limit) return 0;
    // The attempt frees up when enough old events leave the window to drop below the limit.
    const freeing = newest[limit - 1]?.at ?? at;
    return Math.max(1, Math.ceil((freeing + windowMs - at) / 1000));
  }

  return {
    async retryAfterSeconds(account, address) {
      const at = now();
      const [byAccount, byAddress] = await Promise.all([
        limits.perAccount === undefined ? 0 : waitSeconds(accountBucket, account, limits.perAccount, at),
        waitSeconds(addressBucket, address, limits.perAddress, at),
      ]);
      return Math.max(byAccount, byAddress);
    },
    async record(account, address) {
      const at = now();
      const byAddress = { bucket: addressBucket, key: address, at };
      const events = limits.perAccount === undefined ? [byAddress] : [{ bucket: accountBucket, key: account, at }, byAddress];
      await db.insertInto('rate_limit_events').values(events).execute();
    },
    async forget(account) {
      await db.deleteFrom('rate_limit_events').where('bucket', '=', accountBucket).where('key', '=', account).execute();
    },
  };
}
