import { createRoute } from '@hono/zod-openapi';
import { DASHBOARD_MESSAGES } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { createDisplayTokenRequestSchema, displayTokenCreatedResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { createDisplayToken, reportExists } from '../displayTokens';

export function registerCreateDisplayToken({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.customDashboard.displayTokens,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'Share a dashboard on a wall display: make a read-only display token',
      description:
        'data.token (ldt_ and 32 random bytes, base64url) is shown in this answer only; the server keeps its SHA-256. It reads ' +
        "the organization's projects, execution results and test plan data through the getShared… calls, nothing else, " +
        'until it is revoked or its report is removed.',
      request: { body: { required: true, content: { 'application/json': { schema: createDisplayTokenRequestSchema } } } },
      responses: {
        200: { description: 'Made; the only answer holding the secret.', content: { 'application/json': { schema: displayTokenCreatedResponseSchema } } },
        404: { description: 'The organization has no saved report of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { row } = currentUser(c);
    const { dashboardId, name } = c.req.valid('json');
    if (!(await reportExists(services.db, row.org_id, dashboardId))) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
    const data = await createDisplayToken(services.db, { orgId: row.org_id, dashboardId, name, userId: row.user_id });
    // The secret must stay out of caches and out of the idempotency table.
    c.header('Cache-Control', 'no-store');
    return c.json({ status: true as const, data }, 200);
  });
}
