import { createRoute } from '@hono/zod-openapi';
import { gatewayAgentListSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { listGatewayAgents } from '../repository';

export function registerListGatewayAgents({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.gatewayAgents.list,
      tags: ['Resources'],
      summary: "The organization's gateway agent tokens, newest first, with their machines' liveness",
      responses: { 200: { description: 'The agents (never their tokens).', content: { 'application/json': { schema: gatewayAgentListSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await listGatewayAgents(services.db, currentUser(c).row.org_id);
    return c.json({ success: true as const, data }, 200);
  });
}
