import { afterEach, describe, expect, it } from 'vitest';
import { accessClaimsSchema, loginResponseSchema } from '../../../shared/contracts/auth';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { MESSAGES } from '../../../shared/constants';
import { startTestServer, type TestServer } from '../../testing/testServer';

function claimsOf(token: string) {
  const payload = token.split('.')[1] ?? '';
  return accessClaimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
}

describe('POST /api/tokens/', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('signs the administrator in with both tokens and the account in the body', async () => {
    t = await startTestServer();
    const result = await t.login(t.admin.email, t.admin.password);
    expect(result.status).toBe(200);
    expect(loginResponseSchema.parse(result.body).data).toEqual({ id: t.admin.id, userId: t.admin.email, email: t.admin.email, mustChangePassword: false });
    expect(result.refreshToken).toMatch(/^[\w-]{43}$/);
    const claims = claimsOf(result.token ?? '');
    expect(claims.sub).toBe(t.admin.id);
    expect(claims.features).toContain('ORGANIZATIONS_MANAGEMENT');
  });

  it('lowercases and trims the e-mail', async () => {
    t = await startTestServer();
    const result = await t.login('  ADMIN@Studio.Local ', t.admin.password);
    expect(result.status).toBe(200);
  });

  it.each([
    ['a wrong password', 'admin@studio.local', 'not-the-password'],
    ['an unknown account', 'nobody@example.test', 'whatever'],
  ])('answers 401 with the spec message for %s', async (_case, email, password) => {
    t = await startTestServer();
    const result = await t.login(email, password);
    expect(result.status).toBe(401);
    expect(errorBodySchema.parse(result.body).message).toBe(MESSAGES.accountNotFound);
    expect(result.token).toBeNull();
  });

  it('answers 400 with field errors for a bad body', async () => {
    t = await startTestServer();
    const response = await t.request('/api/tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: '   ', password: 42 }),
    });
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(['password', 'userId']);
    expect(body.fieldErrors?.userId).toEqual(['Email is required']);
  });

  it('locks an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    t = await startTestServer();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await t.login(t.admin.email, 'wrong')).status).toBe(401);
    }
    const locked = await t.login(t.admin.email, t.admin.password);
    expect(locked.status).toBe(429);
    const seconds = Number(locked.retryAfter);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(errorBodySchema.parse(locked.body).message).toBe(`Too many sign-in attempts. Try again in ${seconds} seconds.`);
    // Another account from the same address is not locked by these 5 failures.
    const other = await t.createUser(['STUDIO']);
    expect((await t.login(other.email, other.password)).status).toBe(200);
  });

  it('resets the account counter on success', async () => {
    t = await startTestServer();
    for (let attempt = 0; attempt < 4; attempt += 1) await t.login(t.admin.email, 'wrong');
    expect((await t.login(t.admin.email, t.admin.password)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await t.login(t.admin.email, 'wrong')).status).toBe(401);
    expect((await t.login(t.admin.email, t.admin.password)).status).toBe(200);
  });

  it('limits an address to 20 failures across accounts', async () => {
    t = await startTestServer();
    const user = await t.createUser(['STUDIO']);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await t.login(`stranger${attempt}@example.test`, 'wrong')).status).toBe(401);
    }
    const blocked = await t.login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  });
});
