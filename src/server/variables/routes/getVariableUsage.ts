import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { variableIdQuerySchema, variableUsageResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG } from '../variableApi';
import { requireVariable } from '../repository';
import { variableUsageOf } from '../variableUsage';

export function registerGetVariableUsage({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.variables.usage,
      tags: [VARIABLES_TAG],
      summary: 'The collections and schedules using a variable',
      description:
        "Collections use a variable by reading `${name}` in a step without setting it (an Excel variable's names are its " +
        "mapping's variable names); schedules name it by id in their override pairs or data source.",
      request: { query: variableIdQuerySchema },
      responses: {
        200: { description: 'Its users.', content: { 'application/json': { schema: variableUsageResponseSchema } } },
        404: { description: 'No such variable in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireVariable(services.db, c.req.valid('query').id, currentUser(c));
    return c.json({ success: true as const, message: '', data: await variableUsageOf(services.db, row) }, 200);
  });
}
