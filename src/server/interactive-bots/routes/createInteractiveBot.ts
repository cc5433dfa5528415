import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { createInteractiveBotSchema, INTERACTIVE_BOT_MESSAGES, interactiveBotWithSecretResponseSchema } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { insertInteractiveBot } from '../repository';

export function registerCreateInteractiveBot({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'post',
      path: endpoints.interactiveBots.config,
      tags: ['Interactive bots'],
      summary: 'Create an interactive bot',
      description: "data.secret is the bot's trigger secret. It is shown in this answer only; the server keeps a hash.",
      request: { body: { required: true, content: { 'application/json': { schema: createInteractiveBotSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: interactiveBotWithSecretResponseSchema } } },
        404: { description: 'teststatus_id names no live collection (fieldErrors NotFound).', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'A bot with that intent exists (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const bot = await insertInteractiveBot(services.db, c.req.valid('json'), { orgId: user.row.org_id, userId: user.row.user_id });
    // The secret must stay out of caches and out of the idempotency table.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, message: INTERACTIVE_BOT_MESSAGES.saved, data: bot }, 200);
  });
}
