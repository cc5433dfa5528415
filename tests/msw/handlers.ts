import { delay, http, HttpResponse } from 'msw';
import { loginRequestSchema, ssoRequestSchema } from '../../src/shared/contracts/auth';
import type { ErrorBody } from '../../src/shared/contracts/errors';
import type { HealthItem } from '../../src/shared/contracts/health';
import { MESSAGES } from '../../src/shared/constants';
import type { Permission } from '../../src/shared/permissions';
import { REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../src/shared/endpoints';
import { authBackend, VALID_GOOGLE_CODE, type TokenPair } from './auth-backend';

/** Handlers match any origin, so tests do not depend on the page's location. */
export const anyOrigin = (path: string) => `*${path}`;

export function errorResponse(status: number, message: string, fieldErrors?: Record<string, string[]>) {
  const body: ErrorBody = { success: false, message, ...(fieldErrors ? { fieldErrors } : {}) };
  return HttpResponse.json(body, { status });
}

export function bearer(request: Request): string | undefined {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** The signed-in caller holding one of `features`, as the server checks it; else the 401 or 403 it answers. */
export function authorizeFeatures(request: Request, features: readonly Permission[]): { orgId: string; userId: string } | Response {
  const userId = authBackend.authenticate(bearer(request));
  if (!userId) return errorResponse(401, 'Your session has expired.');
  const user = authBackend.findUser(userId);
  if (!user || !features.some((feature) => user.permissions.features.includes(feature))) return errorResponse(403, 'You do not have permission to do this.');
  return { orgId: user.orgId, userId };
}

function tokenHeaders(pair: TokenPair): Record<string, string> {
  return { [TOKEN_HEADER]: pair.token, [REFRESH_TOKEN_HEADER]: pair.refreshToken };
}

export function signedInResponse(user: { id: string; userId: string }, pair: TokenPair) {
  return HttpResponse.json(
    { success: true, data: { id: user.id, userId: user.userId, email: user.userId } },
    { headers: tokenHeaders(pair) },
  );
}

export function healthItems(up = true, time = new Date().toISOString()): HealthItem[] {
  return ['Database', 'Scheduler', 'Resource Pool'].map((name) => ({ name, data: [{ testSuccess: up, testTime: time }] }));
}

export const handlers = [
  http.post(anyOrigin('/api/tokens/'), async ({ request }) => {
    authBackend.state.calls.tokens += 1;
    const body = loginRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return errorResponse(400, 'Invalid request', { userId: ['Email is required'] });
    const user = authBackend.findByCredentials(body.data.userId, body.data.password);
    if (!user) return errorResponse(401, MESSAGES.accountNotFound);
    return signedInResponse(user, authBackend.issuePair(user.id));
  }),

  http.get(anyOrigin('/api/refreshToken'), async ({ request }) => {
    authBackend.state.calls.refresh += 1;
    if (authBackend.state.refreshDelayMs > 0) await delay(authBackend.state.refreshDelayMs);
    const pair = authBackend.rotate(bearer(request));
    if (!pair) return errorResponse(401, 'Your session has expired.');
    return HttpResponse.json({ success: true }, { headers: tokenHeaders(pair) });
  }),

  http.get(anyOrigin('/api/logout'), ({ request }) => {
    authBackend.state.calls.logout += 1;
    const userId = authBackend.authenticate(bearer(request));
    if (!userId) return errorResponse(401, 'Not signed in.');
    authBackend.revoke(userId);
    return HttpResponse.json({ success: true });
  }),

  http.post(anyOrigin('/api/sso'), async ({ request }) => {
    authBackend.state.calls.sso += 1;
    const body = ssoRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return errorResponse(400, 'Invalid request');
    if (!authBackend.state.googleClientId) return errorResponse(503, 'Google sign-in is not configured on this server.');
    const user = body.data.authToken === VALID_GOOGLE_CODE ? authBackend.findUser(authBackend.state.ssoUserId ?? '') : undefined;
    if (!user) return errorResponse(401, MESSAGES.accountNotFound);
    return signedInResponse(user, authBackend.issuePair(user.id));
  }),

  http.get(anyOrigin('/api/sso/config'), () => HttpResponse.json({ googleClientId: authBackend.state.googleClientId })),

  http.get(anyOrigin('/api/users/:id'), ({ request, params }) => {
    authBackend.state.calls.users += 1;
    const callerId = authBackend.authenticate(bearer(request));
    if (!callerId) return errorResponse(401, 'Your session has expired.');
    const caller = authBackend.findUser(callerId);
    const id = String(params.id);
    if (id !== callerId && !caller?.permissions.features.includes('ORGANIZATIONS_MANAGEMENT')) {
      return errorResponse(403, 'You do not have permission to view this user.');
    }
    const user = authBackend.findUser(id);
    return user ? HttpResponse.json({ success: true, data: user }) : errorResponse(404, 'User not found.');
  }),

  http.get(anyOrigin('/studio/assets/studio_config.json'), () => {
    authBackend.state.calls.config += 1;
    return HttpResponse.json(authBackend.state.config);
  }),

  http.get(anyOrigin('/api/healthCheck'), () => HttpResponse.json({ status: 'UP', time: new Date().toISOString() })),
  // The reachability probe (src/offline/reachability-probe.ts): a request slow to answer on a loaded machine makes the
  // client probe, and a live server answers the probe; offline tests override it with their network's faults.
  http.head(anyOrigin('/api/healthCheck'), () => new HttpResponse(null, { status: 200 })),

  http.get(anyOrigin('/api/health/disk'), ({ request }) =>
    authBackend.authenticate(bearer(request))
      ? HttpResponse.json({ success: true, data: [{ setting: 'DATA_DIR', totalBytes: 200 * 2 ** 30, freeBytes: 120 * 2 ** 30, level: 'ok' }] })
      : errorResponse(401, 'Your session has expired.'),
  ),
  http.get(anyOrigin('/api/health/status'), ({ request }) =>
    authBackend.authenticate(bearer(request))
      ? HttpResponse.json({ success: true, data: healthItems() })
      : errorResponse(401, 'Your session has expired.'),
  ),
];
