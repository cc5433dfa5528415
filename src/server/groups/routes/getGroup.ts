import { createRoute } from '@hono/zod-openapi';
import { groupResponseSchema } from '../../../shared/contracts/groups';
import { API_BASE } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { groupById } from '../repository';
import { administeredGroup, groupIdParams } from '../scope';

export function registerGetGroup({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: `${API_BASE}/groups/{id}`,
      tags: ['Groups'],
      summary: 'A group with its members (getGroupById)',
      request: { params: groupIdParams },
      responses: { 200: { description: 'The group.', content: { 'application/json': { schema: groupResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await administeredGroup(services.db, c, c.req.valid('param').id);
    return c.json({ success: true as const, data: await groupById(services.db, row.id) }, 200);
  });
}
