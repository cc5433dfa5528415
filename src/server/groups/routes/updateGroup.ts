import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { GROUP_MESSAGES, groupInputSchema, groupSavedResponseSchema } from '../../../shared/contracts/groups';
import { API_BASE } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { groupById, updateGroup } from '../repository';
import { administeredGroup, groupIdParams } from '../scope';

export function registerUpdateGroup({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: `${API_BASE}/groups/{id}`,
      tags: ['Groups'],
      summary: "Save a group's name, description and members (a group stays in its organization: orgId is ignored)",
      request: { params: groupIdParams, body: { required: true, content: { 'application/json': { schema: groupInputSchema } } } },
      responses: { 200: { description: 'Saved.', content: { 'application/json': { schema: groupSavedResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await administeredGroup(services.db, c, c.req.valid('param').id);
    await auditedChange(services.db, c, { entityType: 'group', entityId: row.id }, (db) => updateGroup(db, row, c.req.valid('json')));
    return c.json({ success: true as const, message: GROUP_MESSAGES.saved, data: await groupById(services.db, row.id) }, 200);
  });
}
