import { createRoute } from '@hono/zod-openapi';
import { emailConfigListResponseSchema } from '../../../shared/contracts/email';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EMAIL_TAG } from '../emailApi';
import { listEmailConfigs } from '../repository';

export function registerListEmailConfigs({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'get',
      path: endpoints.email.configs,
      tags: [EMAIL_TAG],
      summary: "The organization's email configurations, ACTIVE and INACTIVE (passwords are never sent)",
      responses: { 200: { description: 'The configurations.', content: { 'application/json': { schema: emailConfigListResponseSchema } } } },
    }),
  );
  app.openapi(route, async (c) => c.json({ success: true as const, message: '', data: await listEmailConfigs(services.db, currentUser(c).row.org_id) }, 200));
}
