import { createRoute, z } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { EMAIL_MESSAGES, emailMessageResponseSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { EMAIL_BASE } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EMAIL_TAG } from '../emailApi';
import { deactivateEmailConfig } from '../repository';

export function registerDeactivateEmailConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'put',
      path: `${EMAIL_BASE}/emailConfigs/deactivate/{configEmailId}`,
      tags: [EMAIL_TAG],
      summary: 'Remove (deactivate) an email configuration: it stays, INACTIVE, and is no longer used to send',
      request: { params: z.object({ configEmailId: z.string().min(1).max(64) }) },
      responses: {
        200: { description: `'${EMAIL_MESSAGES.deactivated}'.`, content: { 'application/json': { schema: emailMessageResponseSchema } } },
        404: { description: 'No such configuration in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const { configEmailId } = c.req.valid('param');
    await auditedChange(services.db, c, { entityType: 'email', entityId: configEmailId }, (db) => deactivateEmailConfig(db, currentUser(c).row.org_id, configEmailId));
    return c.json({ success: true as const, message: EMAIL_MESSAGES.deactivated }, 200);
  });
}
