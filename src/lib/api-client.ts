import type { z } from 'zod';
import type { LoginResponse } from '../shared/contracts/auth';
import { AUTH_PROVIDER_GOOGLE, MESSAGES } from '../shared/constants';
import { endpoints, REFRESH_TOKEN_HEADER, SESSION_EXEMPT_PATHS, TOKEN_HEADER } from '../shared/endpoints';
import { ApiError, apiErrorFromResponse, readJsonBody } from './api-error';
import { createDeadline, reachability, REQUEST_TIMEOUT_MS, SUSPECT_AFTER_MS, type Deadline } from './reachability';
import { clearSession, decodeTokenTimes, dropSessionTokens, getSession, setSession } from './session';

export { ApiError } from './api-error';

export const LOGIN_PATH = '/studio/login';
export const LOGOUT_PATH = '/studio/logout';
/** Where a user who must replace an administrator-given password is sent (first sign-in). */
export const PASSWORD_CHANGE_PATH = '/studio/userLanding';
/** The Web Locks name under which exactly one tab of the origin refreshes the tokens. */
export const REFRESH_LOCK_NAME = 'studio:token-refresh';
/** A tab that waits longer than this for another tab's refresh refreshes on its own. */
export const REFRESH_LOCK_TIMEOUT_MS = 10_000;
/** Tokens this close to their expiry count as expired, so a request never races the clock. */
export const TOKEN_EXPIRY_SKEW_MS = 10_000;

export interface ApiRequestInit extends RequestInit {
  /** Sent as the JSON body, with its content type. */
  json?: unknown;
  /** Shown when the server gives no message (or no answer at all). */
  fallbackMessage?: string;
}

/** The part of the Web Locks API the refresh uses; navigator.locks fits it, tests pass a fake. */
export interface RefreshLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Defaults to navigator.locks; null forces the in-tab single flight. */
  locks?: RefreshLocks | null;
  lockTimeoutMs?: number;
  /** Defaults to REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/** The app registers the router's navigation here; until then a full page load is used. */
export function setNavigator(navigator: Navigate): void {
  navigate = navigator;
}

/**
 * Whether the token is due for renewal: less than `reserveMs` of it is left. A short-lived token (a deployment's short
 * ACCESS_TOKEN_TTL_SECONDS) keeps at least half its lifetime before that, or it would count as due the moment it was
 * issued and every request or drain would refresh it again.
 */
export function isTokenExpired(token: string, now = Date.now(), reserveMs = TOKEN_EXPIRY_SKEW_MS): boolean {
  const times = decodeTokenTimes(token);
  if (times === null) return false;
  const { issuedAt, expiresAt } = times;
  const reserve = issuedAt === null ? reserveMs : Math.min(reserveMs, Math.max(0, expiresAt - issuedAt) / 2);
  return expiresAt - reserve <= now;
}

function pathOf(path: string): string {
  return new URL(path, window.location.origin).pathname;
}

function isLockTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * A 400 that names invalid fields is the server's answer to a bad form, not a broken session;
 * logging the user out for a typo would lose their work (see docs/decisions.md).
 */
async function isValidationAnswer(response: Response): Promise<boolean> {
  if (response.status !== 400) return false;
  const body = await readJsonBody(response.clone());
  return typeof body === 'object' && body !== null && 'fieldErrors' in body;
}

/**
 * A 403 that says the user must set a new password first: no refresh helps, the user has to go to the change page.
 * The contract is loaded only then, keeping zod out of the sign-in bundle.
 */
async function isPasswordChangeRequired(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = await readJsonBody(response.clone());
  if (typeof body !== 'object' || body === null || !('message' in body)) return false;
  const { PASSWORD_MESSAGES } = await import('../shared/contracts/users');
  return body.message === PASSWORD_MESSAGES.changeRequired;
}

/**
 * The response with its body watched: each piece that arrives moves the deadline on, the end clears it, and a body that
 * stops arriving (a dropped link) fails once the deadline passes instead of hanging, marking the server unreachable.
 */
function watchBody(response: Response, deadline: Deadline, settle: () => void, callerSignal: AbortSignal | null | undefined): Response {
  const source = response.body;
  if (!source) {
    settle();
    return response;
  }
  const reader = source.getReader();
  // Not every fetch ends a body it already handed over when its signal aborts: the deadline ends the reading itself.
  const aborted = new Promise<never>((_resolve, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true }));
  aborted.catch(() => undefined);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await Promise.race([reader.read(), aborted]);
        if (done) {
          settle();
          controller.close();
          return;
        }
        deadline.extend();
        controller.enqueue(value);
      } catch (error) {
        settle();
        void reader.cancel(error).catch(() => undefined);
        if (!callerSignal?.aborted && !deadline.abandoned()) reachability.failed();
        controller.error(error);
      }
    },
    cancel(reason) {
      settle();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** One client per tab; tests create two to play two tabs sharing localStorage. */
export function createApiClient(options: ApiClientOptions = {}) {
  let refreshInFlight: Promise<string> | null = null;
  let lastForcedExit: { to: string; token: string | undefined } | null = null;
  /** Requests waiting for their answer or the rest of its body. */
  const inFlight = new Set<Deadline>();
  // Lie-fi drops packets without a reset, so a silent request may sit on a dead connection until its deadline, holding
  // one of the browser's few connections to the server. When the server is found unreachable, requests silent for
  // SUSPECT_AFTER_MS are abandoned; when it answers again, so is every request with no sign of life since before the
  // request that showed it went out. Their senders (the outbox, a query, a download) try again on a live connection.
  reachability.subscribe((reachable, sentAt) => {
    const before = reachable ? sentAt : Date.now() - SUSPECT_AFTER_MS;
    for (const deadline of inFlight) if (deadline.lastSignOfLife() < before) deadline.abandon();
  });

  const locks = (): RefreshLocks | null =>
    options.locks !== undefined ? options.locks : typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null;

  /** Many requests failing together must leave the page once per session, not once each. */
  function exitTo(to: string): void {
    const token = getSession()?.token;
    if (lastForcedExit?.to === to && lastForcedExit.token === token) return;
    lastForcedExit = { to, token };
    navigate(to);
  }

  async function send(path: string, init: ApiRequestInit, bearer: string | undefined): Promise<Response> {
    const { json, fallbackMessage = MESSAGES.somethingWentWrong, ...requestInit } = init;
    const url = new URL(path, window.location.origin);
    const headers = new Headers(requestInit.headers);
    // Tokens go to this origin's server only, never to an absolute address elsewhere.
    if (bearer && url.origin === window.location.origin) headers.set('Authorization', `Bearer ${bearer}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    // A hanging connection (lie-fi) must end as a network error, not as a spinner that never stops.
    const sentAt = Date.now();
    const deadline = createDeadline(requestInit.signal, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
    inFlight.add(deadline);
    const settle = () => {
      deadline.clear();
      inFlight.delete(deadline);
    };
    // Lie-fi gives no error, only silence: a request silent this long has the link checked long before its timeout, or,
    // once the server is known unreachable, is given up at once.
    const suspicion = setTimeout(() => (reachability.isReachable() ? reachability.suspect() : deadline.abandon()), SUSPECT_AFTER_MS);
    // A body nobody reads ends with its deadline.
    deadline.signal.addEventListener('abort', settle, { once: true });
    let response: Response;
    try {
      response = await fetch(url, {
        ...requestInit,
        headers,
        body: json !== undefined ? JSON.stringify(json) : requestInit.body,
        signal: deadline.signal,
      });
    } catch (error) {
      clearTimeout(suspicion);
      settle();
      if (requestInit.signal?.aborted) throw error;
      if (!deadline.abandoned()) reachability.failed();
      throw new ApiError(0, fallbackMessage);
    }
    clearTimeout(suspicion);
    deadline.extend();
    reachability.answered(sentAt);
    return watchBody(response, deadline, settle, requestInit.signal);
  }

  /** Refreshes unless the store already holds a token newer than the one that failed (another tab or flight did it). */
  async function refreshUnlessDone(staleToken: string | undefined): Promise<string> {
    const session = getSession();
    if (session && session.token !== staleToken && !isTokenExpired(session.token)) return session.token;
    const response = session ? await send(endpoints.auth.refreshToken, {}, session.refreshToken) : null;
    const token = response?.headers.get(TOKEN_HEADER);
    const refreshToken = response?.headers.get(REFRESH_TOKEN_HEADER);
    if (session && response?.ok && token && refreshToken) {
      setSession({ token, refreshToken, userId: session.userId });
      return token;
    }
    if (!response || [400, 401, 403].includes(response.status)) {
      dropSessionTokens();
      exitTo(LOGIN_PATH);
      // The session is over: for the request that needed the refresh this is a 401, whatever the refresh itself got
      // (400 or 403 per the spec). A 400 here made the outbox take a waiting change for one the server refused, and
      // drop it, when the replay beat the queues' pause (seen under load in CI).
      const refused = response ? await apiErrorFromResponse(response, MESSAGES.somethingWentWrong) : null;
      throw new ApiError(401, refused?.message ?? MESSAGES.somethingWentWrong);
    }
    throw await apiErrorFromResponse(response, MESSAGES.somethingWentWrong);
  }

  async function refreshAcrossTabs(staleToken: string | undefined): Promise<string> {
    const lockManager = locks();
    if (!lockManager) return refreshUnlessDone(staleToken);
    try {
      return await lockManager.request(REFRESH_LOCK_NAME, { signal: AbortSignal.timeout(options.lockTimeoutMs ?? REFRESH_LOCK_TIMEOUT_MS) }, () =>
        refreshUnlessDone(staleToken),
      );
    } catch (error) {
      // The tab holding the lock is stuck (frozen, asleep): do not wait on it forever.
      if (isLockTimeout(error)) return refreshUnlessDone(staleToken);
      throw error;
    }
  }

  /** Single flight: every caller in this tab shares one refresh, and the lock makes it one per origin. */
  function refreshTokens(staleToken: string | undefined = getSession()?.token): Promise<string> {
    refreshInFlight ??= refreshAcrossTabs(staleToken).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
    const requestPath = pathOf(path);
    if (requestPath === endpoints.auth.refreshToken) throw new Error('Use refreshTokens() for the refresh call.');
    const sessionExempt = SESSION_EXEMPT_PATHS.includes(requestPath);
    const session = getSession();
    let token = session?.token;
    if (session && !sessionExempt && isTokenExpired(session.token)) token = await refreshTokens(session.token);
    let response = await send(path, init, token);
    if (response.status === 403 && !sessionExempt && session) {
      if (await isPasswordChangeRequired(response)) {
        exitTo(PASSWORD_CHANGE_PATH);
        return response;
      }
      token = await refreshTokens(token);
      response = await send(path, init, token);
    }
    // Without a session there is nobody to log out: whatever ended it (a refused refresh) has sent the user to sign in,
    // and a logout page now would toast 'Logged Out Successfully' over the sign-in page and revoke the next session.
    if (session && !sessionExempt && (response.status === 401 || (response.status === 400 && !(await isValidationAnswer(response))))) {
      exitTo(LOGOUT_PATH);
    }
    return response;
  }

  /**
   * Fetches and parses a JSON answer. `schema` may be a loader (`() => import(...)`) so that zod stays out of the
   * first page load: the contracts are fetched alongside the request instead of before the app starts.
   */
  async function apiJson<Schema extends z.ZodType>(path: string, schema: Schema | SchemaLoader<Schema>, init: ApiRequestInit = {}): Promise<z.infer<Schema>> {
    const fallbackMessage = init.fallbackMessage ?? MESSAGES.somethingWentWrong;
    const [response, resolvedSchema] = await Promise.all([apiFetch(path, init), typeof schema === 'function' ? schema() : schema]);
    if (!response.ok) throw await apiErrorFromResponse(response, fallbackMessage);
    const parsed = resolvedSchema.safeParse(await readJsonBody(response));
    if (!parsed.success) throw new ApiError(response.status, fallbackMessage);
    return parsed.data;
  }

  async function signIn(path: string, json: unknown): Promise<LoginResponse['data']> {
    const init: ApiRequestInit = { method: 'POST', json, fallbackMessage: MESSAGES.accountNotFound };
    const response = await apiFetch(path, init);
    if (!response.ok) throw await apiErrorFromResponse(response, MESSAGES.accountNotFound);
    const token = response.headers.get(TOKEN_HEADER);
    const refreshToken = response.headers.get(REFRESH_TOKEN_HEADER);
    const data = signInData(await readJsonBody(response));
    if (!token || !refreshToken || !data) throw new ApiError(response.status, MESSAGES.accountNotFound);
    setSession({ token, refreshToken, userId: data.id });
    return data;
  }

  /** The user name is trimmed and lowercased, as the login form does on submit. */
  function login(userId: string, password: string): Promise<LoginResponse['data']> {
    return signIn(endpoints.auth.tokens, { userId: userId.trim().toLowerCase(), password });
  }

  /** Exchanges a Google authorization code for a session. */
  function loginWithSso(code: string, redirectUri: string): Promise<LoginResponse['data']> {
    return signIn(endpoints.auth.sso, { provider: AUTH_PROVIDER_GOOGLE, authToken: code, redirectUri });
  }

  /** Revokes the server side best effort (offline logout must still work), then clears local storage. */
  async function logout(): Promise<void> {
    const token = getSession()?.token;
    if (token) await send(endpoints.auth.logout, {}, token).catch(() => undefined);
    clearSession();
  }

  return { apiFetch, apiJson, login, loginWithSso, logout, refreshTokens };
}

export type SchemaLoader<Schema extends z.ZodType> = () => Promise<Schema>;

/** The `data` of a sign-in answer, checked by hand: the sign-in page loads no zod (its JS budget is 150 KB gzip). */
function signInData(body: unknown): LoginResponse['data'] | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (typeof data !== 'object' || data === null) return null;
  const { id, userId, email, mustChangePassword } = data as Record<string, unknown>;
  if (typeof id !== 'string' || typeof userId !== 'string' || typeof email !== 'string') return null;
  return mustChangePassword === true ? { id, userId, email, mustChangePassword } : { id, userId, email };
}

export const { apiFetch, apiJson, login, loginWithSso, logout, refreshTokens } = createApiClient();
