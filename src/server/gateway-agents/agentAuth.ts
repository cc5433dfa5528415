import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { GATEWAY_AGENT_MESSAGES } from '../../shared/contracts/gateway-agents';
import { createRateLimiter, type RateLimits } from '../auth/rateLimiter';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerToken } from '../http/authorization';
import { findGatewayAgentByToken } from './repository';

/** As many wrong agent tokens per address as wrong resource tokens. */
const WRONG_TOKEN_LIMITS: RateLimits = { perAddress: 20, windowSeconds: 15 * 60 };

export type GatewayAgentRow = NonNullable<Awaited<ReturnType<typeof findGatewayAgentByToken>>>;

/**
 * The gateway agent whose token the request carries (`Authorization: Bearer ga_…`). Only the agent endpoints call
 * this, and no user session accepts such a token, so an agent token can do nothing else; a user token is no agent
 * token here (401). Wrong tokens are rate-limited per socket address.
 */
export function gatewayAgentAuthentication(db: Db): (c: Context) => Promise<GatewayAgentRow> {
  const wrongTokens = createRateLimiter(db, 'gateway-agent-token', WRONG_TOKEN_LIMITS);
  return async (c) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await wrongTokens.retryAfterSeconds(address, address);
    if (wait > 0) throw new ApiError(429, GATEWAY_AGENT_MESSAGES.tooMany(wait), { 'Retry-After': String(wait) });
    const token = bearerToken(c.req.header('authorization'));
    const agent = token ? await findGatewayAgentByToken(db, token) : undefined;
    if (!agent) {
      await wrongTokens.record(address, address);
      throw new ApiError(401, GATEWAY_AGENT_MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    return agent;
  };
}

/** The agent, which must have registered (it has a resource). */
export function registeredAgent(agent: GatewayAgentRow): GatewayAgentRow & { device_id: string } {
  const { device_id: deviceId } = agent;
  if (deviceId === null) throw new ApiError(409, GATEWAY_AGENT_MESSAGES.notRegistered);
  return { ...agent, device_id: deviceId };
}
