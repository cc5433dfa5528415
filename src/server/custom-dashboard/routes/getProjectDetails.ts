import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { projectDetailsResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_VIEW_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { frameOf, projectFrameQuery } from '../frame';
import { projectDetailsOf } from '../results';

export function registerGetProjectDetails({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.customDashboard.projectDetails,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'A project with its runs of the frame by state',
      description:
        'executionData counts the runs of its collections, scheduleData those its schedules fired, started within the frame ' +
        '(inclusive UTC days), one entry per finished state (PASSED, FAILED, CANCELLED, ABORTED), zeros included.',
      request: { query: projectFrameQuery },
      responses: {
        200: { description: 'The project and its counts.', content: { 'application/json': { schema: projectDetailsResponseSchema } } },
        404: { description: 'The organization has no project of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, (c) => {
    const { row } = currentUser(c);
    const query = c.req.valid('query');
    return services.pollCache.json(c, row.id, async () => ({
      status: true as const,
      data: await projectDetailsOf(services.db, row.org_id, frameOf(query), query.projectId),
    }));
  });
}
