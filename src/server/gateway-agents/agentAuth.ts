import type { Context } from 'hono';
import { GATEWAY_AGENT_MESSAGES } from '../../shared/contracts/gateway-agents';
import { machineTokenAuthentication } from '../auth/machineTokens';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';
import { findGatewayAgentByToken } from './repository';

export type GatewayAgentRow = NonNullable<Awaited<ReturnType<typeof findGatewayAgentByToken>>>;

/** The gateway agent whose token the request carries (`Authorization: Bearer ga_…`); only the agent endpoints call this. */
export function gatewayAgentAuthentication(db: Db): (c: Context) => Promise<GatewayAgentRow> {
  return machineTokenAuthentication(db, { limiter: 'gateway-agent-token', find: findGatewayAgentByToken, messages: GATEWAY_AGENT_MESSAGES });
}

/** The agent, which must have registered its machine (it has a DESKTOP resource). */
export function registeredAgent(agent: GatewayAgentRow): GatewayAgentRow & { device_id: string } {
  const { device_id: deviceId } = agent;
  if (deviceId === null) throw new ApiError(409, GATEWAY_AGENT_MESSAGES.notRegistered);
  return { ...agent, device_id: deviceId };
}

/**
 * The agent, which must have registered its machine or a list of phones (issue 28): an agent that serves only phones
 * has no DESKTOP resource and still beats and claims.
 */
export function servingAgent(agent: GatewayAgentRow): GatewayAgentRow {
  if (agent.device_id === null && agent.devices_registered_at === null) throw new ApiError(409, GATEWAY_AGENT_MESSAGES.notRegistered);
  return agent;
}
