import { createRoute } from '@hono/zod-openapi';
import { DASHBOARD_MESSAGES, reportSavedResponseSchema } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../access';
import { DASHBOARDS_TAG, draftOf, formContent, reportUpdateFormSchema } from '../reportForms';
import { updateReport } from '../repository';

export function registerUpdateDashboardConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.dashboards.update,
      tags: [DASHBOARDS_TAG],
      summary: "Replace a report's title, settings and elements",
      description: 'A form: id, title, settings (JSON) and elements (JSON), as addDashboardConfig.',
      request: { body: { required: true, content: formContent(reportUpdateFormSchema) } },
      responses: {
        200: { description: 'Saved; data.id names the report.', content: { 'application/json': { schema: reportSavedResponseSchema } } },
        404: { description: 'The organization has no report of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const form = c.req.valid('form');
    const updated = await updateReport(services.db, currentUser(c).row.org_id, form.id, draftOf(form));
    if (!updated) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
    return c.json({ success: true as const, data: { id: form.id } }, 200);
  });
}
