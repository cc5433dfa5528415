import { createRoute } from '@hono/zod-openapi';
import { interactiveBotListResponseSchema } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { listInteractiveBots } from '../repository';

export function registerGetInteractiveBots({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: endpoints.interactiveBots.config,
      tags: ['Interactive bots'],
      summary: "The organization's interactive bots (deleted ones are hidden)",
      responses: { 200: { description: 'Bots, oldest first.', content: { 'application/json': { schema: interactiveBotListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const bots = await listInteractiveBots(services.db, currentUser(c).row.org_id);
    return c.json({ success: true as const, message: '', data: bots }, 200);
  });
}
