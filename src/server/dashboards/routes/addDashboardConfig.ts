import { createRoute } from '@hono/zod-openapi';
import { reportSavedResponseSchema } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../access';
import { DASHBOARDS_TAG, draftOf, formContent, reportFormSchema } from '../reportForms';
import { insertReport } from '../repository';

export function registerAddDashboardConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.dashboards.add,
      tags: [DASHBOARDS_TAG],
      summary: 'Save a new report in the caller’s organization',
      description: 'A form: title, settings (JSON) and elements (JSON). Problems in the JSON are field errors under settings.* and elements.*.',
      request: { body: { required: true, content: formContent(reportFormSchema) } },
      responses: { 200: { description: 'Saved; data.id names the report.', content: { 'application/json': { schema: reportSavedResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const id = await insertReport(services.db, draftOf(c.req.valid('form')), { orgId: user.row.org_id, userId: user.row.user_id });
    return c.json({ success: true as const, data: { id } }, 200);
  });
}
