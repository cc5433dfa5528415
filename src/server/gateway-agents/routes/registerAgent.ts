import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  GATEWAY_AGENT_CLAIM_MS,
  GATEWAY_AGENT_HEARTBEAT_MS,
  gatewayAgentAcceptedSchema,
  registerGatewayAgentSchema,
} from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { gatewayAgentAuthentication } from '../agentAuth';
import { registerGatewayAgent } from '../repository';

export const agentUnauthorized = { description: 'Unknown or revoked agent token (a user token is none).', content: { 'application/json': { schema: errorBodySchema } } };
export const agentNotRegistered = { description: 'The agent has not registered: register again.', content: { 'application/json': { schema: errorBodySchema } } };
export const agentTooMany = { description: 'Too many wrong tokens from this address; see Retry-After.', content: { 'application/json': { schema: errorBodySchema } } };

export function registerRegisterAgent({ app, endpoint, services }: Api): void {
  const agentOf = gatewayAgentAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.register,
      tags: ['Gateway agent'],
      summary: "A gateway agent registers its machine as a DESKTOP resource",
      description: "Authenticated with the agent token (`Authorization: Bearer ga_…`), not a user session.",
      request: { body: { required: true, content: { 'application/json': { schema: registerGatewayAgentSchema } } } },
      responses: {
        200: { description: 'Registered: the resource is Available.', content: { 'application/json': { schema: gatewayAgentAcceptedSchema } } },
        401: agentUnauthorized,
        429: agentTooMany,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const agent = await agentOf(c);
    const deviceId = await registerGatewayAgent(services.db, agent, c.req.valid('json'), Date.now());
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { deviceId, heartbeatMs: GATEWAY_AGENT_HEARTBEAT_MS, claimMs: GATEWAY_AGENT_CLAIM_MS } }, 200);
  });
}
