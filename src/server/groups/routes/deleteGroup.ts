import { createRoute, z } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { GROUP_MESSAGES } from '../../../shared/contracts/groups';
import { API_BASE } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { deleteGroup } from '../repository';
import { administeredGroup, groupIdParams } from '../scope';

const deletedSchema = z.object({ success: z.literal(true), message: z.string() });

export function registerDeleteGroup({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'delete',
      path: `${API_BASE}/groups/{id}`,
      tags: ['Groups'],
      summary: 'Delete a group (its users stay)',
      request: { params: groupIdParams },
      responses: { 200: { description: 'Deleted.', content: { 'application/json': { schema: deletedSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await administeredGroup(services.db, c, c.req.valid('param').id);
    await auditedChange(services.db, c, { entityType: 'group', entityId: row.id }, (db) => deleteGroup(db, row.id));
    return c.json({ success: true as const, message: GROUP_MESSAGES.deleted }, 200);
  });
}
