import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { GATEWAY_AGENT_MESSAGES, gatewayAgentRevokedSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { revokeGatewayAgent } from '../repository';

export function registerRevokeGatewayAgent({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.revokeRoute,
      tags: ['Resources'],
      summary: 'Revoke a gateway agent token',
      description: 'Its agent is refused from now on (401, and it stops), its resource goes Offline and a run on it ends ABORTED.',
      request: { params: z.object({ id: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'Revoked.', content: { 'application/json': { schema: gatewayAgentRevokedSchema } } },
        404: { description: 'No live agent of that id in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const revoked = await revokeGatewayAgent(services.db, currentUser(c).row.org_id, c.req.valid('param').id);
    if (!revoked) throw new ApiError(404, GATEWAY_AGENT_MESSAGES.notFound);
    void services.runs.dispatch();
    return c.json({ success: true as const, message: GATEWAY_AGENT_MESSAGES.revoked(revoked.name) }, 200);
  });
}
