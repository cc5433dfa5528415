import type { Context } from 'hono';
import { DISPLAY_TOKEN_MESSAGES, DISPLAY_TOKEN_PREFIX } from '../../shared/contracts/custom-dashboard';
import { errorBodySchema } from '../../shared/contracts/errors';
import { ApiError } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';
import { authorize, bearerToken } from '../http/authorization';
import type { DeclaredEndpoint } from '../http/endpoints';
import type { Services } from '../services';
import { DASHBOARD_VIEW_ACCESS } from '../dashboards/access';
import { useDisplayToken } from './displayTokens';

export const CUSTOM_DASHBOARD_TAG = 'Custom dashboard';

/** Who reads a shared call: the organization whose data it answers, and a key telling callers apart in the poll cache. */
export interface SharedReader {
  orgId: string;
  cacheKey: string;
}

/**
 * The display token a request presents: the `token` query parameter, or an `Authorization: Bearer ldt_…` header.
 * A session's bearer (a JWT) is not one.
 */
function displayTokenOf(c: Context): string | undefined {
  const query = c.req.query('token')?.trim();
  if (query) return query;
  const bearer = bearerToken(c.req.header('authorization'));
  return bearer?.startsWith(DISPLAY_TOKEN_PREFIX) ? bearer : undefined;
}

/**
 * The reader of a shared call (getShared…): a wall display's token, read-only and good for these calls only, or
 * without one a signed-in user holding a dashboard permission, checked exactly as the signed-in calls check it. The
 * shared calls are declared public so that a token can pass; this is their access check.
 */
export function sharedReader(services: Services, method: string, path: string): (c: Context<AppEnv>) => Promise<SharedReader> {
  const declared: DeclaredEndpoint = { method: method.toUpperCase(), path, access: DASHBOARD_VIEW_ACCESS };
  const signedIn = authorize(services, declared);
  return async (c) => {
    const secret = displayTokenOf(c);
    if (secret !== undefined) {
      const token = await useDisplayToken(services.db, secret);
      if (!token) throw new ApiError(401, DISPLAY_TOKEN_MESSAGES.unknown, { 'WWW-Authenticate': 'Bearer' });
      return { orgId: token.orgId, cacheKey: `display-token ${token.id}` };
    }
    await signedIn(c, () => Promise.resolve());
    const user = currentUser(c);
    return { orgId: user.row.org_id, cacheKey: user.row.id };
  };
}

export const SHARED_CALL_DESCRIPTION =
  'A wall display sends its display token as the `token` query parameter or as `Authorization: Bearer ldt_…`, and reads ' +
  "its organization's data without a session; without a token the call needs a signed-in user with DASHBOARD_MANAGEMENT " +
  'or DASHBOARD_PUBLISHED, as the signed-in call.';

const errorContent = { 'application/json': { schema: errorBodySchema } };
/** What a shared call answers besides its data; it is declared public, so these are not added for it. */
export const sharedCallErrors = {
  401: { description: 'An unknown or revoked display token, or no valid session.', content: errorContent },
  403: { description: 'A signed-in caller without a dashboard permission.', content: errorContent },
  404: { description: 'The organization has no project of that id.', content: errorContent },
} as const;
