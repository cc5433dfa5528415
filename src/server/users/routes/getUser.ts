import { createRoute, z } from '@hono/zod-openapi';
import { userResponseSchema } from '../../../shared/contracts/auth';
import { USERS_BASE } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { findUserById, toStoredUser } from '../repository';

export const USER_NOT_FOUND_MESSAGE = 'No such user.';

export function registerGetUser({ app, endpoint, services }: Api): void {
  const route = endpoint(
    { permission: 'ORGANIZATIONS_MANAGEMENT', orSelf: 'id' },
    createRoute({
      method: 'get',
      path: `${USERS_BASE}/{id}`,
      tags: ['Users'],
      summary: "A user's record: one's own, or anyone's with ORGANIZATIONS_MANAGEMENT",
      request: { params: z.object({ id: z.string().min(1).max(100) }) },
      responses: { 200: { description: 'The stored user.', content: { 'application/json': { schema: userResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await findUserById(services.db, c.req.valid('param').id);
    if (!row) throw new ApiError(404, USER_NOT_FOUND_MESSAGE);
    return c.json({ success: true as const, data: toStoredUser(row) }, 200);
  });
}
