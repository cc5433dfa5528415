import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { RETENTION_MESSAGES, retentionInputSchema, retentionSavedResponseSchema } from '../../../shared/contracts/retention';
import { currentUser } from '../../http/appEnv';
import { organizationIdParams } from '../../organizations/routes/getOrganization';
import type { Api } from '../../services';
import { auditedChange } from '../../audit/recordAudit';
import { saveRetention } from '../repository';
import { RETENTION_PATH, RETENTION_TAG, retentionOrganization } from './getRetention';

export function registerUpdateRetention({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: RETENTION_PATH,
      tags: [RETENTION_TAG],
      summary: "Set an organization's retention (its own for an organization administrator)",
      description: 'Whole days from 1 to 3650 each; artifacts are kept at most as long as runs. The next purge applies it.',
      request: {
        params: organizationIdParams,
        body: { required: true, content: { 'application/json': { schema: retentionInputSchema } } },
      },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: retentionSavedResponseSchema } } },
        400: { description: 'A field out of range, not a whole number, or artifacts kept longer than runs.', content: { 'application/json': { schema: errorBodySchema } } },
        404: { description: 'No such organization, or not the caller’s own (for anyone but a platform administrator).' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const orgId = await retentionOrganization(services.db, c, c.req.valid('param').id);
    const subject = { entityType: 'retention' as const, entityId: orgId, orgId };
    const saved = await auditedChange(services.db, c, subject, (trx) => saveRetention(trx, orgId, c.req.valid('json'), currentUser(c).row.id, new Date()));
    return c.json({ success: true as const, message: RETENTION_MESSAGES.saved, data: saved }, 200);
  });
}
