import { createRoute } from '@hono/zod-openapi';
import { variableListResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG, variableListFor } from '../variableApi';

export function registerListVariables({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.variables.list,
      tags: [VARIABLES_TAG],
      summary: "The organization's active variables, and the system variables",
      description: 'Excel variables are listed only for holders of DATASOURCE_INPUT.',
      responses: { 200: { description: 'Variables by name.', content: { 'application/json': { schema: variableListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await variableListFor(services.db, currentUser(c), new URL(c.req.url).origin);
    return c.json({ success: true as const, message: '', data }, 200);
  });
}
