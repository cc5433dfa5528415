import { createRoute } from '@hono/zod-openapi';
import { organizationListResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { organizationCaller } from '../access';
import { listTiles } from '../repository';

export const ORGANIZATIONS_TAG = 'Organizations';

export function registerListOrganizations({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.organizations.list,
      tags: [ORGANIZATIONS_TAG],
      summary: 'Organization tiles',
      description: "A platform administrator sees every organization (the platform's first); anyone else their own only.",
      responses: { 200: { description: 'data is the list.', content: { 'application/json': { schema: organizationListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const caller = await organizationCaller(services.db, c);
    const tiles = await listTiles(services.db, Date.now(), caller.isPlatformAdmin ? undefined : caller.orgId);
    return c.json({ success: true as const, data: tiles }, 200);
  });
}
