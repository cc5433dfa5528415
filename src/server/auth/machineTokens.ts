import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerToken } from '../http/authorization';
import { createRateLimiter, type RateLimits } from './rateLimiter';

/** Wrong machine tokens per client address, as many as failed sign-ins per address, in the same window. */
const WRONG_TOKEN_LIMITS: RateLimits = { perAddress: 20, windowSeconds: 15 * 60 };

export interface MachineTokenKind<T> {
  /** The rate limiter's bucket: each kind of machine token is counted apart. */
  limiter: string;
  find: (db: Db, token: string) => Promise<T | undefined>;
  messages: { unauthorized: string; tooMany: (seconds: number) => string };
}

/**
 * The machine (a remote browser, a gateway agent) whose own token the request carries (`Authorization: Bearer …`).
 * Only that machine's endpoints call this, and no user session accepts such a token, so the token can do nothing else;
 * a user token is no machine token here (401). Wrong tokens are rate-limited per socket address.
 */
export function machineTokenAuthentication<T>(db: Db, kind: MachineTokenKind<T>): (c: Context) => Promise<T> {
  const wrongTokens = createRateLimiter(db, kind.limiter, WRONG_TOKEN_LIMITS);
  return async (c) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await wrongTokens.retryAfterSeconds(address, address);
    if (wait > 0) throw new ApiError(429, kind.messages.tooMany(wait), { 'Retry-After': String(wait) });
    const token = bearerToken(c.req.header('authorization'));
    const machine = token ? await kind.find(db, token) : undefined;
    if (!machine) {
      await wrongTokens.record(address, address);
      throw new ApiError(401, kind.messages.unauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    return machine;
  };
}
