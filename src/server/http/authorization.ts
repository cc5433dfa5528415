import type { MiddlewareHandler } from 'hono';
import { PASSWORD_MESSAGES } from '../../shared/contracts/users';
import { endpoints } from '../../shared/endpoints';
import type { AccessTokenSigner } from '../auth/accessTokens';
import type { Sessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { findUserById, userFeatures } from '../users/repository';
import { ApiError, FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from './apiError';
import type { AppEnv } from './appEnv';
import { isAllowed, isSelfCall, type DeclaredEndpoint } from './endpoints';

export interface AuthorizationDeps {
  db: Db;
  signer: AccessTokenSigner;
  sessions: Sessions;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

/**
 * What a user who must replace an administrator's password may still call besides their own record (an `orSelf`
 * endpoint: the shell reads it): the change itself and sign-out. Refresh is public (it presents the refresh token),
 * so it passes anyway.
 */
const USABLE_BEFORE_PASSWORD_CHANGE = new Set([`GET ${endpoints.auth.logout}`, `POST ${endpoints.users.changePassword}`]);

/**
 * Checks the access token, then the caller's account (it exists and is active), session and current permissions from
 * the database, before any validation: a deactivated user's tokens stop working at once. While the user must change
 * the password an administrator set, everything but the change answers 403.
 */
export function authorize(deps: AuthorizationDeps, declared: DeclaredEndpoint): MiddlewareHandler<AppEnv> {
  const { access } = declared;
  const usableBeforePasswordChange = USABLE_BEFORE_PASSWORD_CHANGE.has(`${declared.method} ${declared.path}`);
  return async (c, next) => {
    if (access === 'public') return next();
    const claims = await deps.signer.verify(bearerToken(c.req.header('authorization')) ?? '');
    if (!claims) throw new ApiError(401, UNAUTHENTICATED_MESSAGE, CHALLENGE);
    const row = await findUserById(deps.db, claims.sub);
    if (!row || row.active === 0 || claims.sid === undefined || !(await deps.sessions.isActive(claims.sid))) {
      throw new ApiError(401, UNAUTHENTICATED_MESSAGE, CHALLENGE);
    }
    const params = c.req.param();
    if (row.must_change_password === 1 && !usableBeforePasswordChange && !isSelfCall(access, row.id, params)) {
      throw new ApiError(403, PASSWORD_MESSAGES.changeRequired);
    }
    const features = userFeatures(row);
    if (!isAllowed(access, features, row.id, params)) throw new ApiError(403, FORBIDDEN_MESSAGE);
    c.set('user', { row, features, sessionId: claims.sid });
    return next();
  };
}
