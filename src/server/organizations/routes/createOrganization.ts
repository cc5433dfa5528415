import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { createOrganizationSchema, ORGANIZATION_MESSAGES, organizationSavedResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { requirePlatformAdmin } from '../access';
import { insertOrganization, organizationDetails } from '../repository';
import { ORGANIZATIONS_TAG } from './listOrganizations';

export function registerCreateOrganization({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.organizations.create,
      tags: [ORGANIZATIONS_TAG],
      summary: 'Create an organization bound to a free licence (platform administrators)',
      request: { body: { required: true, content: { 'application/json': { schema: createOrganizationSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: organizationSavedResponseSchema } } },
        409: { description: 'The name is taken, or the licence belongs to an organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    await requirePlatformAdmin(services.db, c);
    const now = Date.now();
    const id = await auditedChange(services.db, c, { entityType: 'organization', entityId: (created: string) => created, orgId: (created: string) => created }, (db) =>
      insertOrganization(db, c.req.valid('json'), now),
    );
    const details = await organizationDetails(services.db, id, now);
    if (!details) throw new Error(`Organization ${id} vanished after its creation`);
    return c.json({ success: true as const, message: ORGANIZATION_MESSAGES.created, data: details }, 200);
  });
}
