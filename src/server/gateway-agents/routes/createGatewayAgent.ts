import { createRoute } from '@hono/zod-openapi';
import { createGatewayAgentSchema, GATEWAY_AGENT_MESSAGES, gatewayAgentCreatedSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { createGatewayAgent } from '../repository';

export function registerCreateGatewayAgent({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.create,
      tags: ['Resources'],
      summary: 'Create a desktop gateway agent token',
      description:
        'data.token is shown in this answer only (the server keeps its SHA-256). Run `npm run agent -- --platform URL --token TOKEN` ' +
        '(or the downloaded gateway-agent.zip) on the tester\'s machine: it registers the machine as a DESKTOP resource.',
      request: { body: { required: true, content: { 'application/json': { schema: createGatewayAgentSchema } } } },
      responses: {
        200: { description: 'Created; Offline until its agent registers.', content: { 'application/json': { schema: gatewayAgentCreatedSchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const created = await createGatewayAgent(services.db, user.row.org_id, c.req.valid('json').name, user.row.user_id);
    // The token must stay out of caches and out of the idempotency table.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, message: GATEWAY_AGENT_MESSAGES.created(created.agent.name), data: created }, 200);
  });
}
