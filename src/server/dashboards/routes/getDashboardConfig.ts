import { createRoute } from '@hono/zod-openapi';
import { reportListResponseSchema } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_VIEW_ACCESS } from '../access';
import { DASHBOARDS_TAG } from '../reportForms';
import { listReports } from '../repository';

export function registerGetDashboardConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.dashboards.list,
      tags: [DASHBOARDS_TAG],
      summary: "The organization's saved reports, newest update first",
      responses: { 200: { description: 'The reports with their settings and elements.', content: { 'application/json': { schema: reportListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await listReports(services.db, currentUser(c).row.org_id);
    return c.json({ success: true as const, data }, 200);
  });
}
