import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { pruneExpired } from './pruneExpired';

describe('pruneExpired', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('deletes expired refresh tokens and idempotency keys older than 24 h, and keeps the rest', async () => {
    t = await startTestServer();
    const { db } = t.server.services;
    await t.login(t.admin.email, t.admin.password);
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const key = (name: string, age: number) => ({
      user_id: t.admin.id,
      key: name,
      method: 'POST',
      path: '/api/users/',
      status: 200,
      headers: '{}',
      body: '{}',
      created_at: new Date(now.getTime() - age).toISOString(),
    });
    await db
      .insertInto('idempotency_keys')
      .values([key('old', day + 1000), key('recent', day - 60_000)])
      .execute();
    await db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(now.getTime() - 1000).toISOString() })
      .execute();
    await t.login(t.admin.email, t.admin.password);

    await pruneExpired(db, now);

    expect((await db.selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key)).toEqual(['recent']);
    expect(await db.selectFrom('refresh_tokens').select('id').execute()).toHaveLength(1);
  });
});
