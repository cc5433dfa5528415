import { createRoute } from '@hono/zod-openapi';
import { userListResponseSchema } from '../../../shared/contracts/users';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { listUsers, toStoredUser } from '../repository';

export function registerListUsers({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.users.list,
      tags: ['Users'],
      summary: 'All users',
      responses: { 200: { description: 'The stored users.', content: { 'application/json': { schema: userListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const rows = await listUsers(services.db);
    return c.json({ success: true as const, data: rows.map(toStoredUser) }, 200);
  });
}
