import { createRoute, z } from '@hono/zod-openapi';
import { userAccountListResponseSchema } from '../../../shared/contracts/users';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { listUserAccounts } from '../repository';
import { administeredOrgId } from '../scope';

export function registerListUsers({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.users.list,
      tags: ['Users'],
      summary: "The users of the caller's organization (a platform administrator may name another with ?orgId=)",
      request: { query: z.object({ orgId: z.string().trim().min(1).max(100).optional() }) },
      responses: { 200: { description: 'The users.', content: { 'application/json': { schema: userAccountListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const orgId = await administeredOrgId(services.db, c, c.req.valid('query').orgId);
    return c.json({ success: true as const, data: await listUserAccounts(services.db, orgId) }, 200);
  });
}
