import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { testPlanDataResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_VIEW_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { testPlanDataAnswer } from '../answers';
import { projectFrameQuery } from '../frame';

export const TEST_PLAN_DESCRIPTION =
  "Completed runs (PASSED, FAILED) started within the frame, of the project (or the organization for 'Overall'): per " +
  'collection, failures by failure label, and per UTC day of the frame (every day, zeros included) with the goal and the ' +
  "project's date tags within the frame.";

export function registerGetTestPlanData({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.customDashboard.testPlanData,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: "A project's test plan data",
      description: TEST_PLAN_DESCRIPTION,
      request: { query: projectFrameQuery },
      responses: {
        200: { description: 'The test plan data.', content: { 'application/json': { schema: testPlanDataResponseSchema } } },
        404: { description: 'The organization has no project of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, (c) => {
    const { row } = currentUser(c);
    return services.pollCache.json(c, row.id, () => testPlanDataAnswer(services.db, row.org_id, c.req.valid('query')));
  });
}
