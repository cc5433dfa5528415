import { createRoute, z } from '@hono/zod-openapi';
import { groupListResponseSchema } from '../../../shared/contracts/groups';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { administeredOrgId } from '../../users/scope';
import { listGroups } from '../repository';

export function registerListGroups({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.groups.list,
      tags: ['Groups'],
      summary: "The groups of the caller's organization (a platform administrator may name another with ?orgId=)",
      request: { query: z.object({ orgId: z.string().trim().min(1).max(100).optional() }) },
      responses: { 200: { description: 'The groups, by name.', content: { 'application/json': { schema: groupListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const orgId = await administeredOrgId(services.db, c, c.req.valid('query').orgId);
    return c.json({ success: true as const, data: await listGroups(services.db, orgId) }, 200);
  });
}
