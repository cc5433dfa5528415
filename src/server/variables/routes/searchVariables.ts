import { createRoute } from '@hono/zod-openapi';
import { variableListResponseSchema, variableSearchQuerySchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG, variableListFor } from '../variableApi';

export function registerSearchVariables({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.variables.search,
      tags: [VARIABLES_TAG],
      summary: 'Variables whose name or value contains `text` (ignoring case)',
      description: 'Excel variables are searched only for holders of DATASOURCE_INPUT.',
      request: { query: variableSearchQuerySchema },
      responses: { 200: { description: 'Matching variables by name.', content: { 'application/json': { schema: variableListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await variableListFor(services.db, currentUser(c), new URL(c.req.url).origin, c.req.valid('query').text);
    return c.json({ success: true as const, message: '', data }, 200);
  });
}
