import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../../shared/endpoints';
import { startTestServer, type TestServer } from '../../testing/testServer';

/**
 * Stops the clock that sessions and tokens read at a whole second (Date only: timers and I/O run on), so a lifetime
 * lasts exactly as long as the test moves the clock, however slow the machine.
 */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 1000) * 1000 });
  return { advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}

async function refresh(t: TestServer, refreshToken: string) {
  const response = await t.request('/api/refreshToken', { token: refreshToken });
  return { status: response.status, token: response.headers.get(TOKEN_HEADER), refreshToken: response.headers.get(REFRESH_TOKEN_HEADER) };
}

async function signIn(t: TestServer) {
  const result = await t.login(t.admin.email, t.admin.password);
  if (!result.token || !result.refreshToken) throw new Error('sign-in failed');
  return { token: result.token, refreshToken: result.refreshToken };
}

describe('refresh tokens and logout', () => {
  let t: TestServer;
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('rotates the refresh token on each use; the new access token works', async () => {
    t = await startTestServer();
    const first = await signIn(t);
    const second = await refresh(t, first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(t, second.refreshToken ?? '');
    expect(third.status).toBe(200);
    expect(third.refreshToken).not.toBe(second.refreshToken);
    expect((await t.request(`/api/users/${t.admin.id}`, { token: third.token ?? '' })).status).toBe(200);
  });

  it('answers a reuse within the grace window with the same new pair', async () => {
    t = await startTestServer();
    stopTheClock();
    const first = await signIn(t);
    const [a, b] = await Promise.all([refresh(t, first.refreshToken), refresh(t, first.refreshToken)]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    const again = await refresh(t, first.refreshToken);
    expect(again).toEqual(a);
  });

  it('honours tokens and refreshes across two servers on one database (replicas), the grace replay included', async () => {
    t = await startTestServer();
    const replica = await startTestServer({ dataDir: t.dataDir });
    stopTheClock();
    try {
      const first = await signIn(t);
      expect((await replica.request(`/api/users/${t.admin.id}`, { token: first.token })).status).toBe(200);
      const rotated = await refresh(t, first.refreshToken);
      expect(rotated.status).toBe(200);
      // The other replica answers a reuse within the grace window with the very pair the first one handed out.
      expect(await refresh(replica, first.refreshToken)).toEqual(rotated);
      const next = await refresh(replica, rotated.refreshToken ?? '');
      expect(next.status).toBe(200);
      expect((await t.request(`/api/users/${t.admin.id}`, { token: next.token ?? '' })).status).toBe(200);
    } finally {
      await replica.server.close();
    }
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    t = await startTestServer({ refreshGraceSeconds: 1 });
    const clock = stopTheClock();
    const first = await signIn(t);
    const second = await refresh(t, first.refreshToken);
    clock.advance(1_001);
    expect((await refresh(t, first.refreshToken)).status).toBe(401);
    // The legitimate holder's newer token and access token die with the family.
    expect((await refresh(t, second.refreshToken ?? '')).status).toBe(401);
    expect((await t.request(`/api/users/${t.admin.id}`, { token: second.token ?? '' })).status).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await signIn(t);
    expect((await refresh(t, other.refreshToken)).status).toBe(200);
  });

  it('answers 401 for a missing, unknown or expired refresh token', async () => {
    t = await startTestServer({ refreshTokenTtlSeconds: 1 });
    const clock = stopTheClock();
    expect((await t.request('/api/refreshToken')).status).toBe(401);
    expect((await refresh(t, 'not-a-token')).status).toBe(401);
    const first = await signIn(t);
    clock.advance(1_000);
    expect((await refresh(t, first.refreshToken)).status).toBe(401);
  });

  it('rejects an expired access token with 401', async () => {
    t = await startTestServer({ accessTokenTtlSeconds: 1 });
    const clock = stopTheClock();
    const { token } = await signIn(t);
    expect((await t.request(`/api/users/${t.admin.id}`, { token })).status).toBe(200);
    clock.advance(1_000);
    const expired = await t.request(`/api/users/${t.admin.id}`, { token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ success: false });
  });

  it('rejects a forged access token with 401', async () => {
    t = await startTestServer();
    const { token } = await signIn(t);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    expect((await t.request(`/api/users/${t.admin.id}`, { token: forged })).status).toBe(401);
  });

  it('logout revokes the session: its refresh token and access token stop working', async () => {
    t = await startTestServer();
    const session = await signIn(t);
    const kept = await signIn(t);
    const response = await t.request('/api/logout', { token: session.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await refresh(t, session.refreshToken)).status).toBe(401);
    expect((await t.request('/api/logout', { token: session.token })).status).toBe(401);
    expect((await refresh(t, kept.refreshToken)).status).toBe(200);
  });
});
