import { createRoute, z } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { EMAIL_MESSAGES, emailMessageResponseSchema } from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { EMAIL_BASE } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EMAIL_TAG } from '../emailApi';
import { deleteEmailConfig } from '../repository';

export function registerDeleteEmailConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'EMAIL_SETUP',
    createRoute({
      method: 'delete',
      path: `${EMAIL_BASE}/emailConfigs/{id}`,
      tags: [EMAIL_TAG],
      summary: 'Delete an email configuration and its stored password',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: `'${EMAIL_MESSAGES.deleted}'.`, content: { 'application/json': { schema: emailMessageResponseSchema } } },
        404: { description: 'No such configuration in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    await auditedChange(services.db, c, { entityType: 'email', entityId: id }, (db) => deleteEmailConfig(db, currentUser(c).row.org_id, id));
    return c.json({ success: true as const, message: EMAIL_MESSAGES.deleted }, 200);
  });
}
