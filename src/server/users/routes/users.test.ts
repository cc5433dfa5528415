import { afterEach, describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../../shared/contracts/auth';
import { createUserResponseSchema, userAccountListResponseSchema } from '../../../shared/contracts/users';
import { PERMISSIONS } from '../../../shared/permissions';
import { REPLAYED_HEADER } from '../../http/idempotency';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { setUserFeatures } from '../repository';

describe('users', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it("lets a user read their own record but not another's without ORGANIZATIONS_MANAGEMENT", async () => {
    t = await startTestServer();
    const user = await t.createUser(['STUDIO']);
    const token = await t.tokenFor(user);
    const own = await t.request(`/api/users/${user.id}`, { token });
    expect(own.status).toBe(200);
    const stored = userResponseSchema.parse(await own.json()).data;
    expect(stored).toMatchObject({ id: user.id, userId: user.email, permissions: { features: ['STUDIO'] } });
    expect((await t.request(`/api/users/${t.admin.id}`, { token })).status).toBe(403);
  });

  it('lets an organization manager read and list anyone; unknown ids are 404', async () => {
    t = await startTestServer();
    const user = await t.createUser(['STUDIO']);
    const token = await t.tokenFor(t.admin);
    const other = userResponseSchema.parse(await (await t.request(`/api/users/${user.id}`, { token })).json());
    expect(other.data.userId).toBe(user.email);
    const admin = userResponseSchema.parse(await (await t.request(`/api/users/${t.admin.id}`, { token })).json());
    expect(admin.data.permissions.features).toEqual([...PERMISSIONS]);
    const list = userAccountListResponseSchema.parse(await (await t.request('/api/users/', { token })).json());
    expect(list.data.map((u) => u.userId).sort()).toEqual([t.admin.email, user.email].sort());
    expect((await t.request('/api/users/no-such-id', { token })).status).toBe(404);
  });

  it('applies a revoked permission at once, before the access token expires', async () => {
    t = await startTestServer();
    const manager = await t.createUser(['ORGANIZATIONS_MANAGEMENT']);
    const token = await t.tokenFor(manager);
    expect((await t.request('/api/users/', { token })).status).toBe(200);
    await setUserFeatures(t.server.services.db, manager.id, []);
    expect((await t.request('/api/users/', { token })).status).toBe(403);
  });

  it('creates a user once per Idempotency-Key and replays the stored answer', async () => {
    t = await startTestServer();
    const token = await t.tokenFor(t.admin);
    const create = (key: string, email: string) =>
      t.request('/api/users/', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: email, password: 'Lovelace-engine-1843' }),
      });
    const first = await create('key-1', 'ada@example.test');
    expect(first.status).toBe(200);
    const created = createUserResponseSchema.parse(await first.json());
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();

    const replay = await create('key-1', 'ada@example.test');
    expect(replay.status).toBe(200);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(createUserResponseSchema.parse(await replay.json()).data.id).toBe(created.data.id);

    // Without the key the same body runs again and meets the existing account.
    const fresh = await create('key-2', 'ada@example.test');
    expect(fresh.status).toBe(409);
    expect(await fresh.json()).toEqual({ success: false, message: 'Email already in use', data: { Failed: 'Email already in use' } });
    expect((await t.login('ada@example.test', 'Lovelace-engine-1843')).status).toBe(200);
  });

  it('runs concurrent repeats of one key once', async () => {
    t = await startTestServer();
    const token = await t.tokenFor(t.admin);
    const send = () =>
      t.request('/api/users/', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', 'Idempotency-Key': 'burst' },
        body: JSON.stringify({ firstName: 'A', lastName: 'B', emailAddress: 'burst@example.test', password: 'Burst-password-42' }),
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const ids = await Promise.all(answers.map(async (answer) => createUserResponseSchema.parse(await answer.json()).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get(REPLAYED_HEADER) === 'true')).toHaveLength(2);
  });

  it('keeps idempotency keys apart per user', async () => {
    t = await startTestServer();
    const manager = await t.createUser(['ORGANIZATIONS_MANAGEMENT']);
    const send = async (token: string, email: string) =>
      (
        await t.request('/api/users/', {
          method: 'POST',
          token,
          headers: { 'content-type': 'application/json', 'Idempotency-Key': 'shared-key' },
          body: JSON.stringify({ firstName: 'A', lastName: 'B', emailAddress: email, password: 'Burst-password-42' }),
        })
      ).status;
    expect(await send(await t.tokenFor(t.admin), 'one@example.test')).toBe(200);
    expect(await send(await t.tokenFor(manager), 'two@example.test')).toBe(200);
  });
});
