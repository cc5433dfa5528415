import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { INTERACTIVE_BOT_MESSAGES, interactiveBotResponseSchema, updateInteractiveBotSchema } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { updateInteractiveBot } from '../repository';

export function registerUpdateInteractiveBot({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'put',
      path: endpoints.interactiveBots.config,
      tags: ['Interactive bots'],
      summary: 'Update the interactive bot `trigger_id` names; status DISABLED deletes it',
      request: { body: { required: true, content: { 'application/json': { schema: updateInteractiveBotSchema } } } },
      responses: {
        200: { description: 'Saved (or deleted).', content: { 'application/json': { schema: interactiveBotResponseSchema } } },
        404: { description: 'No live bot of that trigger_id, or no live collection.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'Another bot has that intent (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const bot = await updateInteractiveBot(services.db, c.req.valid('json'), currentUser(c).row.org_id);
    const message = bot.status === 'DISABLED' ? INTERACTIVE_BOT_MESSAGES.deleted : INTERACTIVE_BOT_MESSAGES.saved;
    return c.json({ success: true as const, message, data: bot }, 200);
  });
}
