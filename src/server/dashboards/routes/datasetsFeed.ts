import { createRoute, z } from '@hono/zod-openapi';
import { datasetResponseSchema, MAX_DATASET_ROWS } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { DATASETS_FEED_BASE } from '../../../shared/endpoints';
import { idList } from '../../runs/runLookup';
import type { Api } from '../../services';
import { requireReadableOrganization } from '../../organizations/access';
import { DASHBOARD_VIEW_ACCESS } from '../access';
import { capturedDataOf } from '../datasets';
import { datasetFeedQuerySchema, orgIdParam } from '../feedQuery';
import { DASHBOARDS_TAG } from '../reportForms';

/** The path's word for every collection of the organization. */
export const ALL_COLLECTIONS = 'all';

export function registerDatasetsFeed({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_VIEW_ACCESS,
    createRoute({
      method: 'get',
      path: `${DATASETS_FEED_BASE}/{orgId}/testSuite/{ids}`,
      tags: [DASHBOARDS_TAG],
      summary: 'Captured Data: one row per executed step of the runs started within the range',
      description:
        `{ids} is a comma list of collection ids, or \`${ALL_COLLECTIONS}\`; ids of other organizations match nothing. ` +
        `At most ${MAX_DATASET_ROWS} rows, the newest; data.truncated is true when there were more. Another organization's ` +
        'feed needs ORGANIZATIONS_MANAGEMENT.',
      request: {
        params: z.object({ orgId: orgIdParam, ids: z.string().min(1).max(20_000) }),
        query: datasetFeedQuerySchema,
      },
      responses: {
        200: { description: 'The attributes and the rows, oldest first.', content: { 'application/json': { schema: datasetResponseSchema } } },
        404: { description: 'No such organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { orgId, ids } = c.req.valid('param');
    await requireReadableOrganization(services.db, c, orgId);
    const scope = ids.trim() === ALL_COLLECTIONS ? ALL_COLLECTIONS : idList(ids);
    const data = await capturedDataOf(services.db, { orgId, range: c.req.valid('query'), scope });
    return c.json({ success: true as const, data }, 200);
  });
}
