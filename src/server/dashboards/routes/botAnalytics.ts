import { createRoute, z } from '@hono/zod-openapi';
import { datasetResponseSchema, MAX_DATASET_ROWS } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { BOT_ANALYTICS_BASE } from '../../../shared/endpoints';
import { idList } from '../../runs/runLookup';
import type { Api } from '../../services';
import { requireReadableOrganization } from '../../organizations/access';
import { DASHBOARD_VIEW_ACCESS } from '../access';
import { analyticsDataOf } from '../datasets';
import { botAnalyticsQuerySchema, orgIdParam } from '../feedQuery';
import { DASHBOARDS_TAG } from '../reportForms';

export function registerBotAnalytics({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: `${BOT_ANALYTICS_BASE}/{orgId}`,
      tags: [DASHBOARDS_TAG],
      summary: 'Analytics Data: one row per run finished within the range',
      description:
        'A run counts when it completed within the range (its time is its completion). testChainId limits the collections; ids ' +
        `of other organizations match nothing. At most ${MAX_DATASET_ROWS} rows, the newest; data.truncated is true when ` +
        "there were more. Another organization's analytics need ORGANIZATIONS_MANAGEMENT.",
      request: { params: z.object({ orgId: orgIdParam }), query: botAnalyticsQuerySchema },
      responses: {
        200: { description: 'The attributes and the rows, oldest first.', content: { 'application/json': { schema: datasetResponseSchema } } },
        404: { description: 'No such organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { orgId } = c.req.valid('param');
    await requireReadableOrganization(services.db, c, orgId);
    const query = c.req.valid('query');
    const ids = idList(query.testChainId);
    const data = await analyticsDataOf(services.db, { orgId, range: query, scope: ids.length === 0 ? 'all' : ids });
    return c.json({ success: true as const, data }, 200);
  });
}
