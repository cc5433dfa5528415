import { createRoute } from '@hono/zod-openapi';
import { userResponseSchema } from '../../../shared/contracts/auth';
import { USERS_BASE } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { storedUserOf } from '../repository';
import { administeredUser, userIdParams } from '../scope';

export function registerGetUser({ app, endpoint, services }: Api): void {
  const route = endpoint(
    { permission: 'ORGANIZATIONS_MANAGEMENT', orSelf: 'id' },
    createRoute({
      method: 'get',
      path: `${USERS_BASE}/{id}`,
      tags: ['Users'],
      summary: "A user's record: one's own, or, with ORGANIZATIONS_MANAGEMENT, a user of an organization one administers",
      request: { params: userIdParams },
      responses: { 200: { description: 'The stored user.', content: { 'application/json': { schema: userResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    const caller = currentUser(c).row;
    const row = id === caller.id ? caller : await administeredUser(services.db, c, id);
    return c.json({ success: true as const, data: await storedUserOf(services.db, row) }, 200);
  });
}
