import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { ORGANIZATION_MESSAGES, organizationSavedResponseSchema, updateOrganizationSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { canSee, organizationCaller, organizationNotFound, requirePlatformAdmin } from '../access';
import { organizationDetails, renameOrganization } from '../repository';
import { organizationIdParams } from './getOrganization';
import { ORGANIZATIONS_TAG } from './listOrganizations';

export function registerUpdateOrganization({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: `${endpoints.organizations.list}/{id}`,
      tags: [ORGANIZATIONS_TAG],
      summary: 'Rename an organization (platform administrators)',
      request: {
        params: organizationIdParams,
        body: { required: true, content: { 'application/json': { schema: updateOrganizationSchema } } },
      },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: organizationSavedResponseSchema } } },
        404: { description: 'No such organization, or another organization than the caller’s (not a platform administrator).' },
        409: { description: 'The name is taken.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    // Another organization is not there for an organization administrator; its own is read-only to it.
    if (!canSee(await organizationCaller(services.db, c), id)) throw organizationNotFound();
    await requirePlatformAdmin(services.db, c);
    const now = Date.now();
    const renamed = await auditedChange(services.db, c, { entityType: 'organization', entityId: id, orgId: id }, (db) => renameOrganization(db, id, c.req.valid('json').name, now));
    if (!renamed) throw organizationNotFound();
    const details = await organizationDetails(services.db, id, now);
    if (!details) throw organizationNotFound();
    return c.json({ success: true as const, message: ORGANIZATION_MESSAGES.saved, data: details }, 200);
  });
}
