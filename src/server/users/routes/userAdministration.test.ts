import { afterEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../../shared/contracts/auth';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  createUserResponseSchema,
  PASSWORD_MESSAGES,
  USER_ADMIN_MESSAGES,
  userAccountListResponseSchema,
  userAccountResponseSchema,
} from '../../../shared/contracts/users';
import { endpoints, REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../../shared/endpoints';
import { licensedOrganization, sendJson } from '../../testing/licensedOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';

const PASSWORD = 'Correct-horse-battery-1';
const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  emailAddress: email,
  password: PASSWORD,
  features: ['STUDIO'],
  ...extra,
});

async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json());
}

describe('user administration', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('refuses short, long and breached passwords with field errors', async () => {
    t = await startTestServer();
    const short = await sendJson(t, endpoints.users.list, 'POST', newUser('a@example.test', { password: 'short' }));
    expect(short.status).toBe(400);
    expect((await errorOf(short)).fieldErrors?.['password']).toEqual([PASSWORD_MESSAGES.tooShort]);
    const long = await sendJson(t, endpoints.users.list, 'POST', newUser('a@example.test', { password: 'x'.repeat(129) }));
    expect((await errorOf(long)).fieldErrors?.['password']).toEqual([PASSWORD_MESSAGES.tooLong]);
    const breached = await sendJson(t, endpoints.users.list, 'POST', newUser('a@example.test', { password: 'QWERTY123456' }));
    expect(breached.status).toBe(400);
    expect((await errorOf(breached)).fieldErrors?.['password']).toEqual([PASSWORD_MESSAGES.breached]);
    const noBody = await sendJson(t, endpoints.users.list, 'POST', { firstName: 1 });
    expect(noBody.status).toBe(400);
  });

  it('makes the new user change the password at the first sign-in', async () => {
    t = await startTestServer();
    const created = await sendJson(t, endpoints.users.list, 'POST', newUser('grace@example.test'));
    expect(created.status).toBe(200);
    const id = createUserResponseSchema.parse(await created.json()).data.id;
    const login = await t.login('grace@example.test', PASSWORD);
    expect(loginResponseSchema.parse(login.body).data.mustChangePassword).toBe(true);
    const token = login.token ?? '';

    const blocked = await t.request(endpoints.collections.list, { token });
    expect(blocked.status).toBe(403);
    expect((await errorOf(blocked)).message).toBe(PASSWORD_MESSAGES.changeRequired);
    expect((await t.request(endpoints.users.byId(id), { token })).status).toBe(200);

    const change = (body: unknown) => sendJson(t, endpoints.users.changePassword, 'POST', body, token);
    const wrong = await change({ currentPassword: 'not-it', newPassword: 'Another-long-pass-9' });
    expect((await errorOf(wrong)).fieldErrors?.['currentPassword']).toEqual([PASSWORD_MESSAGES.currentWrong]);
    const same = await change({ currentPassword: PASSWORD, newPassword: PASSWORD });
    expect((await errorOf(same)).fieldErrors?.['newPassword']).toEqual([PASSWORD_MESSAGES.sameAsCurrent]);
    const breached = await change({ currentPassword: PASSWORD, newPassword: '1qaz2wsx3edc' });
    expect((await errorOf(breached)).fieldErrors?.['newPassword']).toEqual([PASSWORD_MESSAGES.breached]);
    expect((await change({ currentPassword: PASSWORD, newPassword: 'x' })).status).toBe(400);

    const other = await t.login('grace@example.test', PASSWORD);
    const ok = await change({ currentPassword: PASSWORD, newPassword: 'Another-long-pass-9' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: PASSWORD_MESSAGES.changed });
    expect((await t.request(endpoints.collections.list, { token })).status).toBe(200);
    // The other session ended; this one goes on.
    expect((await t.request(endpoints.users.byId(id), { token: other.token ?? '' })).status).toBe(401);
    const again = await t.login('grace@example.test', 'Another-long-pass-9');
    expect(loginResponseSchema.parse(again.body).data.mustChangePassword).toBe(false);
    expect((await t.login('grace@example.test', PASSWORD)).status).toBe(401);
  });

  it('lists the users of the caller organization; another organization is 404 unless platform administrator', async () => {
    t = await startTestServer();
    const org = await licensedOrganization(t);
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    const own = userAccountListResponseSchema.parse(await (await t.request(endpoints.users.list, { token: orgAdmin })).json());
    expect(own.data).toHaveLength(1);
    expect(own.data[0]).toMatchObject({ orgId: org.orgId, active: true, mustChangePassword: false });
    const platformOrg = (await t.server.services.db.selectFrom('users').select('org_id').where('id', '=', t.admin.id).executeTakeFirstOrThrow()).org_id;
    expect((await t.request(`${endpoints.users.list}?orgId=${platformOrg}`, { token: orgAdmin })).status).toBe(404);
    expect((await t.request(endpoints.users.byId(t.admin.id), { token: orgAdmin })).status).toBe(404);
    expect((await sendJson(t, endpoints.users.list, 'POST', newUser('x@example.test', { orgId: platformOrg }), orgAdmin)).status).toBe(404);

    const admin = await t.tokenFor(t.admin);
    const created = await sendJson(t, endpoints.users.list, 'POST', newUser('in-org@example.test', { orgId: org.orgId }), admin);
    expect(created.status).toBe(200);
    expect(createUserResponseSchema.parse(await created.json()).data.orgId).toBe(org.orgId);
    const theirs = userAccountListResponseSchema.parse(await (await t.request(`${endpoints.users.list}?orgId=${org.orgId}`, { token: admin })).json());
    expect(theirs.data.map((user) => user.email)).toContain('in-org@example.test');
    expect((await t.request(`${endpoints.users.list}?orgId=no-such-org`, { token: admin })).status).toBe(404);
  });

  it('deactivates a user: sessions end at once, sign-in is refused; reactivation respects the seats', async () => {
    t = await startTestServer();
    const org = await licensedOrganization(t, { users: 2 });
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    const admin = await t.tokenFor(t.admin);
    const user = await t.createUser(['STUDIO']);
    const login = await t.login(user.email, user.password);
    const token = login.token ?? '';
    expect((await t.request(endpoints.collections.list, { token })).status).toBe(200);

    const status = (id: string, active: boolean, as = admin) => sendJson(t, endpoints.users.status(id), 'PUT', { active }, as);
    expect((await status(user.id, false, orgAdmin)).status).toBe(404);
    const off = await status(user.id, false);
    expect(off.status).toBe(200);
    const body = userAccountResponseSchema.parse(await off.json());
    expect(body).toMatchObject({ message: USER_ADMIN_MESSAGES.deactivated, data: { active: false } });
    expect((await t.request(endpoints.collections.list, { token })).status).toBe(401);
    const refresh = await t.request(endpoints.auth.refreshToken, { token: login.refreshToken ?? '' });
    expect(refresh.status).toBe(401);
    const signIn = await t.login(user.email, user.password);
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({ message: USER_ADMIN_MESSAGES.inactive });
    expect((await t.login(user.email, 'wrong-password')).body).not.toMatchObject({ message: USER_ADMIN_MESSAGES.inactive });
    expect((await status(t.admin.id, false)).status).toBe(409);
    expect((await sendJson(t, endpoints.users.status(user.id), 'PUT', { active: 'no' })).status).toBe(400);

    // The licence allows two active users: the organization administrator and one more.
    const members = userAccountListResponseSchema.parse(await (await t.request(endpoints.users.list, { token: orgAdmin })).json());
    const adminOfOrg = members.data[0]?.id ?? '';
    const second = await sendJson(t, endpoints.users.list, 'POST', newUser('second@example.test'), orgAdmin);
    const secondId = createUserResponseSchema.parse(await second.json()).data.id;
    expect((await status(secondId, false, orgAdmin)).status).toBe(200);
    const third = await sendJson(t, endpoints.users.list, 'POST', newUser('third@example.test'), orgAdmin);
    expect(third.status).toBe(200);
    const refused = await status(secondId, true, orgAdmin);
    expect(refused.status).toBe(403);
    expect((await status(adminOfOrg, false, orgAdmin)).status).toBe(409);
    await status(createUserResponseSchema.parse(await third.json()).data.id, false, orgAdmin);
    const on = await status(secondId, true, orgAdmin);
    expect(on.status).toBe(200);
    expect(userAccountResponseSchema.parse(await on.json()).message).toBe(USER_ADMIN_MESSAGES.activated);
  });

  it('replaces permissions: applied at once and in the next refreshed token; not ones own administration', async () => {
    t = await startTestServer();
    const user = await t.createUser(['STUDIO']);
    const login = await t.login(user.email, user.password);
    const admin = await t.tokenFor(t.admin);
    const put = (id: string, features: unknown) => sendJson(t, endpoints.users.permissions(id), 'PUT', { features }, admin);
    expect((await t.request(endpoints.users.list, { token: login.token ?? '' })).status).toBe(403);
    const saved = await put(user.id, ['STUDIO', 'ORGANIZATIONS_MANAGEMENT']);
    expect(saved.status).toBe(200);
    expect(userAccountResponseSchema.parse(await saved.json()).data.permissions.features).toEqual(['STUDIO', 'ORGANIZATIONS_MANAGEMENT']);
    const refreshed = await t.request(endpoints.auth.refreshToken, { token: login.refreshToken ?? '' });
    const next = refreshed.headers.get(TOKEN_HEADER) ?? '';
    expect(refreshed.headers.get(REFRESH_TOKEN_HEADER)).not.toBeNull();
    const claims = JSON.parse(Buffer.from(next.split('.')[1] ?? '', 'base64url').toString()) as { features: string[] };
    expect(claims.features).toContain('ORGANIZATIONS_MANAGEMENT');
    expect((await t.request(endpoints.users.list, { token: next })).status).toBe(200);

    expect((await put(user.id, ['NOPE'])).status).toBe(400);
    expect((await put('no-such-user', [])).status).toBe(404);
    const self = await put(t.admin.id, ['STUDIO']);
    expect(self.status).toBe(409);
    expect((await errorOf(self)).message).toBe(USER_ADMIN_MESSAGES.notYourself);
  });
});
