import { http, HttpResponse } from 'msw';
import {
  createDisplayTokenRequestSchema,
  DISPLAY_TOKEN_MESSAGES,
  DISPLAY_TOKEN_PREFIX,
  type DisplayToken,
} from '../../src/shared/contracts/custom-dashboard';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

const paths = endpoints.customDashboard;

/** A token as the fake keeps it: the secret too, which the list never answers. */
export interface StoredDisplayToken extends DisplayToken {
  token: string;
}

export function makeDisplayToken(overrides: Partial<StoredDisplayToken> = {}): StoredDisplayToken {
  const tokenId = overrides.tokenId ?? nextId('display-token');
  return {
    tokenId,
    dashboardId: 'r-lead',
    name: 'Lobby screen',
    createdAt: '2026-11-20T09:15:00.000Z',
    createdBy: 'user-1',
    lastUsedAt: null,
    token: `${DISPLAY_TOKEN_PREFIX}${tokenId}-secret`,
    ...overrides,
  };
}

export interface DisplayTokensBackendOptions {
  tokens?: StoredDisplayToken[];
  /** The saved reports a token may be made for; others answer 404 as the server does. */
  reportIds?: readonly string[];
  /** The secrets the shared calls accept (customDashboardBackend's state.displayTokens): made and revoked tokens update it. */
  acceptedTokens?: Set<string>;
}

/**
 * The display token calls of issue 17 (make, list, revoke) in memory. Made tokens are accepted by the shared calls of
 * the custom dashboard fake the test passes, revoked ones refused from then on. `state` shows what the client did.
 */
export function displayTokensBackend(options: DisplayTokensBackendOptions = {}) {
  const acceptedTokens = options.acceptedTokens ?? new Set<string>();
  const state = {
    tokens: [...(options.tokens ?? [])],
    created: [] as StoredDisplayToken[],
    revoked: [] as string[],
    listRequests: 0,
  };
  for (const token of state.tokens) acceptedTokens.add(token.token);

  const withoutSecret = ({ token: _secret, ...token }: StoredDisplayToken): DisplayToken => token;

  const handlers = [
    http.get(anyOrigin(paths.displayTokens), ({ request }) => {
      const caller = authorizeFeatures(request, ['DASHBOARD_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      state.listRequests += 1;
      return HttpResponse.json({ status: true, data: state.tokens.map(withoutSecret) });
    }),
    http.post(anyOrigin(paths.displayTokens), async ({ request }) => {
      const caller = authorizeFeatures(request, ['DASHBOARD_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      const body = createDisplayTokenRequestSchema.safeParse(await request.json().catch(() => null));
      if (!body.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of body.error.issues) (fieldErrors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
        return errorResponse(400, 'Invalid display token', fieldErrors);
      }
      if (options.reportIds && !options.reportIds.includes(body.data.dashboardId)) return errorResponse(404, 'Report not found');
      const token = makeDisplayToken({ ...body.data, createdAt: new Date().toISOString(), createdBy: caller.userId });
      state.tokens.unshift(token);
      state.created.push(token);
      acceptedTokens.add(token.token);
      return HttpResponse.json({ status: true, data: token }, { headers: { 'Cache-Control': 'no-store' } });
    }),
    http.delete(anyOrigin(`${paths.displayTokens}/:tokenId`), ({ request, params }) => {
      const caller = authorizeFeatures(request, ['DASHBOARD_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      const token = state.tokens.find((candidate) => candidate.tokenId === params.tokenId);
      if (!token) return errorResponse(404, 'Display link not found');
      state.tokens = state.tokens.filter((candidate) => candidate !== token);
      state.revoked.push(token.tokenId);
      acceptedTokens.delete(token.token);
      return HttpResponse.json({ status: true, message: DISPLAY_TOKEN_MESSAGES.revoked });
    }),
  ];

  return { state, handlers };
}

/** The default handlers: no display tokens. */
export const displayTokensHandlers = displayTokensBackend().handlers;
