import { createRoute } from '@hono/zod-openapi';
import { DASHBOARD_MESSAGES, reportDeletedResponseSchema } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../access';
import { DASHBOARDS_TAG, formContent, reportIdFormSchema } from '../reportForms';
import { deleteReport } from '../repository';

export function registerDeleteDashboardConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.dashboards.remove,
      tags: [DASHBOARDS_TAG],
      summary: 'Remove a report',
      description: 'A form: id.',
      request: { body: { required: true, content: formContent(reportIdFormSchema) } },
      responses: {
        200: { description: "Removed ('Report removed').", content: { 'application/json': { schema: reportDeletedResponseSchema } } },
        404: { description: 'The organization has no report of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const removed = await deleteReport(services.db, currentUser(c).row.org_id, c.req.valid('form').id);
    if (!removed) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
    return c.json({ success: true as const, message: DASHBOARD_MESSAGES.reportRemoved }, 200);
  });
}
