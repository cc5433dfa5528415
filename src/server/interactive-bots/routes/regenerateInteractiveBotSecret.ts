import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { INTERACTIVE_BOT_MESSAGES, interactiveBotWithSecretResponseSchema, regenerateBotSecretSchema } from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { regenerateTriggerSecret } from '../repository';

export function registerRegenerateInteractiveBotSecret({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'put',
      path: endpoints.interactiveBots.regenerateSecret,
      tags: ['Interactive bots'],
      summary: "Replace an interactive bot's trigger secret",
      description: 'The old secret stops working at once. data.secret is the new one, shown in this answer only.',
      request: { body: { required: true, content: { 'application/json': { schema: regenerateBotSecretSchema } } } },
      responses: {
        200: { description: 'A new secret.', content: { 'application/json': { schema: interactiveBotWithSecretResponseSchema } } },
        404: { description: 'No live bot of that trigger_id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const bot = await regenerateTriggerSecret(services.db, c.req.valid('json').trigger_id, currentUser(c).row.org_id);
    // The secret must stay out of caches and out of the idempotency table.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, message: INTERACTIVE_BOT_MESSAGES.secretRegenerated, data: bot }, 200);
  });
}
