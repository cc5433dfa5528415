import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { REMOTE_BROWSER_MESSAGES } from '../../shared/contracts/remote-browsers';
import { createRateLimiter, type RateLimits } from '../auth/rateLimiter';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerToken } from '../http/authorization';
import { findRemoteBrowserByToken } from './remoteBrowsers';

/** Wrong resource tokens per client address, as many as failed sign-ins per address, in the same window. */
const WRONG_TOKEN_LIMITS: RateLimits = { perAddress: 20, windowSeconds: 15 * 60 };

type RemoteBrowserOf = (c: Context) => Promise<{ device_id: string; remote_endpoint: string | null }>;

/**
 * The remote browser whose own token the request carries (`Authorization: Bearer <token>`): such a token may register
 * and send heartbeats, nothing else (no user session accepts it). Wrong tokens are rate-limited per socket address.
 */
export function remoteBrowserAuthentication(db: Db): RemoteBrowserOf {
  const wrongTokens = createRateLimiter(db, 'remote-browser-token', WRONG_TOKEN_LIMITS);
  return async (c) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await wrongTokens.retryAfterSeconds(address, address);
    if (wait > 0) throw new ApiError(429, REMOTE_BROWSER_MESSAGES.tooMany(wait), { 'Retry-After': String(wait) });
    const token = bearerToken(c.req.header('authorization'));
    const resource = token ? await findRemoteBrowserByToken(db, token) : undefined;
    if (!resource) {
      await wrongTokens.record(address, address);
      throw new ApiError(401, REMOTE_BROWSER_MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    return resource;
  };
}
