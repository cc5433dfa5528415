import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { variableResponseSchema } from '../../../shared/contracts/variables';
import { CONTROL_ROOM_BASE } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG } from '../variableApi';
import { requireVariable, variableOf } from '../repository';

export function registerGetVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: `${CONTROL_ROOM_BASE}/bot/variables/getById/{id}`,
      tags: [VARIABLES_TAG],
      summary: 'One variable of the organization, active or removed',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The variable.', content: { 'application/json': { schema: variableResponseSchema } } },
        404: { description: 'No such variable in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireVariable(services.db, c.req.valid('param').id, currentUser(c));
    return c.json({ success: true as const, message: '', data: await variableOf(services.db, row) }, 200);
  });
}
