import { createRoute } from '@hono/zod-openapi';
import { GATEWAY_AGENT_CLAIM_MS, GATEWAY_AGENT_HEARTBEAT_MS, gatewayAgentAcceptedSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { touchRemoteBrowser } from '../../resources/remoteBrowsers';
import type { Api } from '../../services';
import { gatewayAgentAuthentication, registeredAgent } from '../agentAuth';
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
      description: `Sent every ${GATEWAY_AGENT_HEARTBEAT_MS / 1000} s with the agent token; an agent silent for 30 s is Offline and a run it executes ends ABORTED.`,
      responses: {
        200: { description: 'Noted: the resource is Available.', content: { 'application/json': { schema: gatewayAgentAcceptedSchema } } },
        401: agentUnauthorized,
        409: agentNotRegistered,
        429: agentTooMany,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const agent = registeredAgent(await agentOf(c));
    // A resource's heartbeat is the same write whatever the resource.
    await touchRemoteBrowser(services.db, agent.device_id, Date.now());
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { deviceId: agent.device_id, heartbeatMs: GATEWAY_AGENT_HEARTBEAT_MS, claimMs: GATEWAY_AGENT_CLAIM_MS } }, 200);
  });
}
