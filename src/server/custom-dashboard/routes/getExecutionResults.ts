import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { executionResultsResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_VIEW_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { executionResultsAnswer } from '../answers';
import { executionResultsQuery } from '../frame';

export const EXECUTION_RESULTS_DESCRIPTION =
  'Runs started within the frame (inclusive UTC days) that completed, PASSED or FAILED: of the project\'s collections and ' +
  "of its schedules' firings, or of the whole organization when projectId is absent, empty or 'Overall'. totalTime is " +
  'the sum of their durations; failures count failed runs by failure label.';

export function registerGetExecutionResults({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.customDashboard.executionResults,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'The Overall Result tiles',
      description: EXECUTION_RESULTS_DESCRIPTION,
      request: { query: executionResultsQuery },
      responses: {
        200: { description: 'The tiles and the project list.', content: { 'application/json': { schema: executionResultsResponseSchema } } },
        404: { description: 'The organization has no project of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, (c) => {
    const { row } = currentUser(c);
    return services.pollCache.json(c, row.id, () => executionResultsAnswer(services.db, row.org_id, c.req.valid('query')));
  });
}
