import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { GROUP_MESSAGES, groupInputSchema, groupSavedResponseSchema } from '../../../shared/contracts/groups';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { administeredOrgId } from '../../users/scope';
import { groupById, insertGroup } from '../repository';

export function registerCreateGroup({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.groups.create,
      tags: ['Groups'],
      summary: "Create a group of the caller's organization (a platform administrator may name another)",
      request: { body: { required: true, content: { 'application/json': { schema: groupInputSchema } } } },
      responses: { 200: { description: 'Created.', content: { 'application/json': { schema: groupSavedResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const orgId = await administeredOrgId(services.db, c, body.orgId);
    const id = await auditedChange(services.db, c, { entityType: 'group', entityId: (created: string) => created }, (db) => insertGroup(db, orgId, body));
    return c.json({ success: true as const, message: GROUP_MESSAGES.created, data: await groupById(services.db, id) }, 200);
  });
}
