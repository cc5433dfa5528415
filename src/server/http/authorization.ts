import type { MiddlewareHandler } from 'hono';
import type { AccessTokenSigner } from '../auth/accessTokens';
import type { Sessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { findUserById, userFeatures } from '../users/repository';
import { ApiError, FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from './apiError';
import type { AppEnv } from './appEnv';
import { isAllowed, type Access } from './endpoints';

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

/** Checks the access token, then the caller's current permissions from the database, before any validation. */
export function authorize(deps: AuthorizationDeps, access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === 'public') return next();
    const claims = await deps.signer.verify(bearerToken(c.req.header('authorization')) ?? '');
    if (!claims) throw new ApiError(401, UNAUTHENTICATED_MESSAGE, CHALLENGE);
    const row = await findUserById(deps.db, claims.sub);
    if (!row || claims.sid === undefined || !(await deps.sessions.isActive(claims.sid))) {
      throw new ApiError(401, UNAUTHENTICATED_MESSAGE, CHALLENGE);
    }
    const features = userFeatures(row);
    if (!isAllowed(access, features, row.id, c.req.param())) throw new ApiError(403, FORBIDDEN_MESSAGE);
    c.set('user', { row, features, sessionId: claims.sid });
    return next();
  };
}
