import { createRoute, z } from '@hono/zod-openapi';
import { emailConfigResponseSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { EMAIL_BASE } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { configAnswer, EMAIL_TAG } from '../emailApi';
import { emailConfigRow, toEmailConfig } from '../repository';

export function registerGetEmailConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'get',
      path: `${EMAIL_BASE}/emailConfigs/{id}`,
      tags: [EMAIL_TAG],
      summary: 'One email configuration of the organization',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The configuration.', content: { 'application/json': { schema: emailConfigResponseSchema } } },
        404: { description: 'No such configuration in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const row = await emailConfigRow(services.db, currentUser(c).row.org_id, c.req.valid('param').id);
    return c.json(configAnswer('', toEmailConfig(row)), 200);
  });
}
