import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { testDatabaseTarget } from '../testing/testDatabase';
import { createRateLimiter } from './rateLimiter';

describe('rate limiter', () => {
  const opened: OpenedDatabase[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function limitersAt(start: number) {
    const dir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
    dirs.push(dir);
    const database = await openDatabase(await testDatabaseTarget(dir));
    opened.push(database);
    const clock = { now: start };
    const limits = { perAccount: 3, perAddress: 5, windowSeconds: 60 };
    // Two limiters on one database stand for two replicas: each sees the other's events.
    const limiter = createRateLimiter(database.db, 'login', limits, () => clock.now);
    const otherReplica = createRateLimiter(database.db, 'login', limits, () => clock.now);
    const otherName = createRateLimiter(database.db, 'trigger', limits, () => clock.now);
    const addressOnly = createRateLimiter(database.db, 'token', { perAddress: 2, windowSeconds: 60 }, () => clock.now);
    return { clock, limiter, otherReplica, otherName, addressOnly, db: database.db };
  }

  it('blocks an account at the limit until its oldest counted failure leaves the window', async () => {
    const { clock, limiter, otherReplica } = await limitersAt(1_000_000);
    await limiter.record('a', 'ip1');
    clock.now += 10_000;
    await otherReplica.record('a', 'ip2');
    await limiter.record('a', 'ip3');
    expect(await otherReplica.retryAfterSeconds('a', 'ip4')).toBe(50);
    clock.now += 50_001;
    expect(await limiter.retryAfterSeconds('a', 'ip4')).toBe(0);
  });

  it('blocks an address across accounts, success resets only the account, and limiters of other names count apart', async () => {
    const { limiter, otherReplica, otherName } = await limitersAt(0);
    for (const account of ['a', 'b', 'c', 'd', 'e']) await limiter.record(account, 'ip');
    expect(await limiter.retryAfterSeconds('f', 'ip')).toBe(60);
    expect(await limiter.retryAfterSeconds('f', 'other-ip')).toBe(0);
    expect(await otherName.retryAfterSeconds('f', 'ip')).toBe(0);
    await limiter.record('a', 'ip2');
    await limiter.record('a', 'ip3');
    expect(await limiter.retryAfterSeconds('a', 'ip9')).toBe(60);
    await otherReplica.forget('a');
    expect(await limiter.retryAfterSeconds('a', 'ip9')).toBe(0);
    expect(await limiter.retryAfterSeconds('a', 'ip')).toBe(60);
  });

  it('counts only addresses when it has no account limit, one event per attempt', async () => {
    const { addressOnly, db } = await limitersAt(0);
    await addressOnly.record('ip', 'ip');
    expect(await addressOnly.retryAfterSeconds('ip', 'ip')).toBe(0);
    await addressOnly.record('ip', 'ip');
    expect(await addressOnly.retryAfterSeconds('ip', 'ip')).toBe(60);
    expect(await addressOnly.retryAfterSeconds('other-ip', 'other-ip')).toBe(0);
    const events = await db.selectFrom('rate_limit_events').select('bucket').where('bucket', 'like', 'token:%').execute();
    expect(events.map((event) => event.bucket)).toEqual(['token:address', 'token:address']);
  });
});
