import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authBackend, DEFAULT_PASSWORD, VALID_GOOGLE_CODE } from '../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { createFakeLockManager } from '../../tests/setup/web-locks';
import { userResponseSchema } from '../shared/contracts/auth';
import { MESSAGES } from '../shared/constants';
import { endpoints } from '../shared/endpoints';
import { ApiError, createApiClient, LOGIN_PATH, LOGOUT_PATH, setNavigator } from './api-client';
import { reachability, SUSPECT_AFTER_MS } from './reachability';
import { clearSession, getParamToken, getSession, setParamToken, setSession } from './session';

const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

function signedInUser({ expiredAccessToken = false } = {}) {
  const user = authBackend.addUser();
  setSession(authBackend.issueSession(user, { expiredAccessToken }));
  return user;
}

/** Answers with `status` to the first `times` calls of a path, then lets the default handler answer. */
function failNext(path: string, status: number, times = 1, fieldErrors?: Record<string, string[]>) {
  let remaining = times;
  const seen: (string | null)[] = [];
  server.use(
    http.get(anyOrigin(path), ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      if (remaining <= 0) return undefined;
      remaining -= 1;
      return errorResponse(status, `Failure ${status}`, fieldErrors);
    }),
  );
  return seen;
}

describe('apiFetch on an expired access token', () => {
  it('makes exactly one refresh call for 50 concurrent requests, and all 50 succeed', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser({ expiredAccessToken: true });
    authBackend.state.refreshDelayMs = 20;

    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.apiJson(endpoints.users.byId(user.id), userResponseSchema)),
    );

    expect(authBackend.state.calls.refresh).toBe(1);
    expect(authBackend.state.calls.users).toBe(50);
    expect(results.every((result) => result.data.id === user.id)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does the same through Web Locks', async () => {
    const locks = createFakeLockManager();
    const client = createApiClient({ locks });
    const user = signedInUser({ expiredAccessToken: true });

    const results = await Promise.all(
      Array.from({ length: 50 }, () => client.apiJson(endpoints.users.byId(user.id), userResponseSchema)),
    );

    expect(authBackend.state.calls.refresh).toBe(1);
    expect(locks.grants).toBe(1);
    expect(results).toHaveLength(50);
  });

  it('stores the rotated pair and keeps the user id', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser({ expiredAccessToken: true });
    const before = getSession();

    await client.apiJson(endpoints.users.byId(user.id), userResponseSchema);

    const after = getSession();
    expect(after?.userId).toBe(user.id);
    expect(after?.token).not.toBe(before?.token);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });
});

describe('two tabs sharing localStorage', () => {
  it('refresh once: the tab that waited for the lock adopts the token the other tab stored', async () => {
    const locks = createFakeLockManager();
    const firstTab = createApiClient({ locks });
    const secondTab = createApiClient({ locks });
    const user = signedInUser({ expiredAccessToken: true });
    authBackend.state.refreshDelayMs = 30;

    const [first, second] = await Promise.all([
      firstTab.apiJson(endpoints.users.byId(user.id), userResponseSchema),
      secondTab.apiJson(endpoints.users.byId(user.id), userResponseSchema),
    ]);

    expect(first.data.id).toBe(user.id);
    expect(second.data.id).toBe(user.id);
    expect(authBackend.state.calls.refresh).toBe(1);
    expect(locks.grants).toBe(2);
  });

  it('refreshes on its own when the lock is not granted in time', async () => {
    const stuckLocks = {
      request: (_name: string, options: { signal?: AbortSignal }) =>
        new Promise<never>((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(options.signal?.reason))),
    };
    const client = createApiClient({ locks: stuckLocks, lockTimeoutMs: 20 });
    const user = signedInUser({ expiredAccessToken: true });

    await expect(client.apiJson(endpoints.users.byId(user.id), userResponseSchema)).resolves.toMatchObject({ data: { id: user.id } });
    expect(authBackend.state.calls.refresh).toBe(1);
  });
});

describe('apiFetch session rules', () => {
  it('sends the bearer access token', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    const seen = failNext(endpoints.users.byId(user.id), 200, 0);

    await client.apiFetch(endpoints.users.byId(user.id));

    expect(seen).toEqual([`Bearer ${getSession()?.token}`]);
  });

  it('never sends the token to another origin', async () => {
    const client = createApiClient({ locks: null });
    signedInUser();
    let authorization: string | null = 'unset';
    server.use(
      http.get('https://elsewhere.example.com/file', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.text('ok');
      }),
    );

    await client.apiFetch('https://elsewhere.example.com/file');

    expect(authorization).toBeNull();
  });

  it('on a 403 refreshes once and retries with the new token', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    const oldToken = getSession()?.token;
    const seen = failNext(endpoints.users.byId(user.id), 403);

    const result = await client.apiJson(endpoints.users.byId(user.id), userResponseSchema);

    expect(result.data.id).toBe(user.id);
    expect(authBackend.state.calls.refresh).toBe(1);
    expect(seen).toEqual([`Bearer ${oldToken}`, `Bearer ${getSession()?.token}`]);
    expect(getSession()?.token).not.toBe(oldToken);
  });

  it('retries a 403 only once and then reports it', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    failNext(endpoints.users.byId(user.id), 403, 5);

    await expect(client.apiJson(endpoints.users.byId(user.id), userResponseSchema)).rejects.toMatchObject({
      status: 403,
      message: 'Failure 403',
    });
    expect(authBackend.state.calls.refresh).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 401 goes to logout, once for many failing requests', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    failNext(endpoints.users.byId(user.id), 401, 3);

    const results = await Promise.allSettled([1, 2, 3].map(() => client.apiJson(endpoints.users.byId(user.id), userResponseSchema)));

    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof ApiError && result.reason.status === 401)).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(LOGOUT_PATH);
    expect(authBackend.state.calls.refresh).toBe(0);
  });

  it('sends nobody to logout for a 401 to a request made without a session (the refused refresh went to sign-in)', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    clearSession();

    await expect(client.apiJson(endpoints.users.byId(user.id), userResponseSchema)).rejects.toMatchObject({ status: 401 });

    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a 400 goes to logout', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    failNext(endpoints.users.byId(user.id), 400);

    await client.apiFetch(endpoints.users.byId(user.id));

    expect(navigate).toHaveBeenCalledWith(LOGOUT_PATH);
  });

  it('keeps the user signed in on a 400 that names invalid fields', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    failNext(endpoints.users.byId(user.id), 400, 1, { name: ['pattern'] });

    await expect(client.apiJson(endpoints.users.byId(user.id), userResponseSchema)).rejects.toMatchObject({
      status: 400,
      fieldErrors: { name: ['pattern'] },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the session and goes to the login page when the refresh fails with 401', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser({ expiredAccessToken: true });
    setParamToken('shared-dashboard');
    localStorage.setItem('uploadFileQueue', '["pending"]');
    failNext(endpoints.auth.refreshToken, 401);

    const results = await Promise.allSettled([1, 2].map(() => client.apiFetch(endpoints.users.byId(user.id))));

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(getSession()).toBeNull();
    expect(getParamToken()).toBe('shared-dashboard');
    expect(localStorage.getItem('uploadFileQueue')).toBe('["pending"]');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(LOGIN_PATH);
    expect(authBackend.state.calls.users).toBe(0);
  });

  it.each([400, 403])('also clears the session when the refresh fails with %i', async (status) => {
    const client = createApiClient({ locks: null });
    const user = signedInUser({ expiredAccessToken: true });
    failNext(endpoints.auth.refreshToken, status);

    // The request itself is unauthorised now (401): queues keep it for the next sign-in instead of taking it for refused.
    await expect(client.apiFetch(endpoints.users.byId(user.id))).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(LOGIN_PATH);
  });

  it('keeps the session when the refresh fails for a server error', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser({ expiredAccessToken: true });
    failNext(endpoints.auth.refreshToken, 503);

    await expect(client.apiFetch(endpoints.users.byId(user.id))).rejects.toMatchObject({ status: 503 });
    expect(getSession()?.userId).toBe(user.id);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0 with the fallback message', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();
    server.use(http.get(anyOrigin(endpoints.users.byId(user.id)), () => HttpResponse.error()));

    await expect(
      client.apiJson(endpoints.users.byId(user.id), userResponseSchema, { fallbackMessage: 'Unable to load the user' }),
    ).rejects.toMatchObject({ status: 0, message: 'Unable to load the user' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match the schema', async () => {
    const client = createApiClient({ locks: null });
    const user = signedInUser();

    await expect(client.apiJson(endpoints.users.byId(user.id), z.object({ missing: z.string() }))).rejects.toMatchObject({
      message: MESSAGES.somethingWentWrong,
    });
  });
});

describe('on a link that hangs (lie-fi)', () => {
  const TIMEOUT_MS = 200;
  const HANGING = '/api/test/hanging';
  const DOWN = '/api/test/down';
  /** Requests to HANGING get no answer, as on a connection that drops packets without a reset; DOWN fails at once. */
  const linkTrouble = () =>
    server.use(
      http.get(anyOrigin(HANGING), () => new Promise<never>(() => undefined)),
      http.get(anyOrigin(DOWN), () => HttpResponse.error()),
    );

  it('ends a request without an answer after the timeout as status 0, and marks the server unreachable until an answer', async () => {
    const client = createApiClient({ locks: null, requestTimeoutMs: TIMEOUT_MS });
    const user = signedInUser();
    linkTrouble();
    const started = Date.now();
    await expect(client.apiFetch(HANGING)).rejects.toMatchObject({ status: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(reachability.isReachable()).toBe(false);
    await client.apiFetch(endpoints.users.byId(user.id));
    expect(reachability.isReachable()).toBe(true);
  });

  it('abandons a request that waited through an outage once the server answers again, without a new outage', async () => {
    const client = createApiClient({ locks: null, requestTimeoutMs: 60_000 });
    const user = signedInUser();
    linkTrouble();
    const waiting = client.apiFetch(HANGING);
    await expect(client.apiFetch(DOWN)).rejects.toMatchObject({ status: 0 });
    expect(reachability.isReachable()).toBe(false);

    await client.apiFetch(endpoints.users.byId(user.id));
    await expect(waiting).rejects.toMatchObject({ status: 0 });
    expect(reachability.isReachable()).toBe(true);
  });

  it('abandons the requests silent for 2 s when the server is found unreachable, so their senders can keep the change', async () => {
    // The 2 s are counted on a fake clock: on a busy machine a real one could run out between two lines of the test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const client = createApiClient({ locks: null, requestTimeoutMs: 60_000 });
      signedInUser();
      linkTrouble();
      const waiting = client.apiFetch(HANGING);
      await vi.advanceTimersByTimeAsync(SUSPECT_AFTER_MS + 100);
      const fresh = client.apiFetch(HANGING);
      reachability.failed();
      await expect(waiting).rejects.toMatchObject({ status: 0 });
      // A request sent a moment ago is given its own 2 s first: it is abandoned then, the server being unreachable still.
      const settled = { fresh: false };
      void fresh.catch(() => (settled.fresh = true));
      await vi.advanceTimersByTimeAsync(SUSPECT_AFTER_MS - 100);
      expect(settled.fresh).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      await expect(fresh).rejects.toMatchObject({ status: 0 });
      expect(reachability.isReachable()).toBe(false);
      reachability.answered(Date.now());
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails a body that stops arriving, and keeps one that keeps moving', async () => {
    const client = createApiClient({ locks: null, requestTimeoutMs: TIMEOUT_MS });
    const encoder = new TextEncoder();
    server.use(
      http.get(anyOrigin('/api/test/stalled'), () => {
        const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(encoder.encode('{"partial":')) });
        return new HttpResponse(stalled, { headers: { 'content-type': 'application/json' } });
      }),
      http.get(anyOrigin('/api/test/moving'), () => {
        let sent = 0;
        // Five pieces, each after half the timeout: longer than the timeout in all, never silent for it.
        const moving = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 2));
            sent += 1;
            controller.enqueue(encoder.encode(sent === 1 ? '["' : 'x'));
            if (sent === 5) {
              controller.enqueue(encoder.encode('"]'));
              controller.close();
            }
          },
        });
        return new HttpResponse(moving, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const stalled = await client.apiFetch('/api/test/stalled');
    await expect(stalled.text()).rejects.toThrow();
    const moving = await client.apiFetch('/api/test/moving');
    expect(await moving.json()).toEqual(['xxxx']);
    expect(reachability.isReachable()).toBe(true);
  });
});

describe('login', () => {
  it('lowercases and trims the user name and stores the session', async () => {
    const client = createApiClient({ locks: null });
    const user = authBackend.addUser({ userId: 'tester@example.com' });
    let sentUserId: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith(endpoints.auth.tokens)) sentUserId = ((await request.clone().json()) as { userId: unknown }).userId;
    });

    const data = await client.login('  Tester@Example.COM ', DEFAULT_PASSWORD);
    server.events.removeAllListeners();

    expect(sentUserId).toBe('tester@example.com');
    expect(data.id).toBe(user.id);
    expect(getSession()).toMatchObject({ userId: user.id });
    expect(getSession()?.token).toBeTruthy();
  });

  it('shows the server message on wrong credentials and does not log out', async () => {
    const client = createApiClient({ locks: null });
    authBackend.addUser({ userId: 'tester@example.com' });

    await expect(client.login('tester@example.com', 'wrong')).rejects.toMatchObject({ status: 401, message: MESSAGES.accountNotFound });
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it("falls back to 'Sorry, we can't find this account.' without a server message", async () => {
    const client = createApiClient({ locks: null });
    server.use(http.post(anyOrigin(endpoints.auth.tokens), () => new HttpResponse('gateway down', { status: 502 })));

    await expect(client.login('a@example.com', 'x')).rejects.toMatchObject({ status: 502, message: MESSAGES.accountNotFound });
  });

  it('passes on the rate-limit message', async () => {
    const client = createApiClient({ locks: null });
    server.use(http.post(anyOrigin(endpoints.auth.tokens), () => errorResponse(429, 'Too many sign-in attempts. Try again in 30 seconds.')));

    await expect(client.login('a@example.com', 'x')).rejects.toMatchObject({
      status: 429,
      message: 'Too many sign-in attempts. Try again in 30 seconds.',
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('loginWithSso', () => {
  it('exchanges the Google code for a session', async () => {
    const client = createApiClient({ locks: null });
    const user = authBackend.addUser();
    authBackend.state.googleClientId = 'client-id';
    authBackend.state.ssoUserId = user.id;

    const data = await client.loginWithSso(VALID_GOOGLE_CODE, 'http://localhost/studio/login');

    expect(data.email).toBe(user.userId);
    expect(getSession()?.userId).toBe(user.id);
  });

  it("shows 'Sorry, we can't find this account.' on a refused code, without logging out", async () => {
    const client = createApiClient({ locks: null });
    authBackend.state.googleClientId = 'client-id';

    await expect(client.loginWithSso('bad-code', 'http://localhost/studio/login')).rejects.toMatchObject({
      status: 401,
      message: MESSAGES.accountNotFound,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes on the not-configured message', async () => {
    const client = createApiClient({ locks: null });

    await expect(client.loginWithSso(VALID_GOOGLE_CODE, 'http://localhost/studio/login')).rejects.toMatchObject({
      status: 503,
      message: 'Google sign-in is not configured on this server.',
    });
  });
});

describe('logout', () => {
  it('revokes the refresh-token family on the server and clears the session but keeps the parameter token', async () => {
    const client = createApiClient({ locks: null });
    signedInUser();
    const { refreshToken } = getSession() ?? {};
    setParamToken('param');

    await client.logout();

    expect(authBackend.state.calls.logout).toBe(1);
    expect(getSession()).toBeNull();
    expect(getParamToken()).toBe('param');
    expect(authBackend.rotate(refreshToken)).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('still clears the session when the server cannot be reached', async () => {
    const client = createApiClient({ locks: null });
    signedInUser();
    server.use(http.get(anyOrigin(endpoints.auth.logout), () => HttpResponse.error()));

    await client.logout();

    expect(getSession()).toBeNull();
  });
});
