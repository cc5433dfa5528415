import { createRoute } from '@hono/zod-openapi';
import { agentHeartbeatAnswerSchema, GATEWAY_AGENT_CLAIM_MS, GATEWAY_AGENT_HEARTBEAT_MS } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { gatewayAgentAuthentication, servingAgent } from '../agentAuth';
import { touchAgentResources } from '../mobileDevices';
import { agentNotRegistered, agentTooMany, agentUnauthorized } from './registerAgent';

export function registerAgentHeartbeat({ app, endpoint, services }: Api): void {
  const agentOf = gatewayAgentAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.heartbeat,
      tags: ['Gateway agent'],
      summary: 'A gateway agent is still there',
      description: `Sent every ${GATEWAY_AGENT_HEARTBEAT_MS / 1000} s with the agent token; an agent silent for 30 s is Offline (its machine and its phones) and a run it executes ends ABORTED. data.deviceId is its machine's resource, null for an agent serving phones only.`,
      responses: {
        200: { description: 'Noted: its resources are Available.', content: { 'application/json': { schema: agentHeartbeatAnswerSchema } } },
        401: agentUnauthorized,
        409: agentNotRegistered,
        429: agentTooMany,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const agent = servingAgent(await agentOf(c));
    const at = Date.now();
    await touchAgentResources(services.db, agent, at);
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { deviceId: agent.device_id, heartbeatMs: GATEWAY_AGENT_HEARTBEAT_MS, claimMs: GATEWAY_AGENT_CLAIM_MS } }, 200);
  });
}
