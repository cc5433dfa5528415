import { createRoute } from '@hono/zod-openapi';
import { projectListResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_VIEW_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { projectListAnswer } from '../answers';

export function registerGetProjectList({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.customDashboard.projectList,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: "The organization's projects, by name",
      responses: { 200: { description: 'data.projectData: projectId and projectName.', content: { 'application/json': { schema: projectListResponseSchema } } } },
    }),
  );

  app.openapi(route, (c) => {
    const { row } = currentUser(c);
    return services.pollCache.json(c, row.id, () => projectListAnswer(services.db, row.org_id));
  });
}
