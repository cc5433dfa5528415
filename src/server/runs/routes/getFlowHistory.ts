import { createRoute } from '@hono/zod-openapi';
import { collectionNotFoundMessage } from '../../../shared/contracts/collections';
import { flowHistoryQuerySchema, flowHistoryResponseSchema } from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import { findCollection } from '../../collections/repository';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { flowHistoriesOf } from '../flowHistory';
import { callerOrgId, RUN_HISTORY_ACCESS } from '../runLookup';

export function registerGetFlowHistory({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.flakiness.flowHistory,
      tags: ['Runs'],
      summary: "The last 30 results of each flow of a collection (PASSED, FAILED, SKIPPED, ABORTED), newest last",
      description: 'Flows of the collection as it is now, in its order, then flows that ran before and are no longer in it.',
      request: { query: flowHistoryQuerySchema },
      responses: {
        200: { description: 'The flows and their results.', content: { 'application/json': { schema: flowHistoryResponseSchema } } },
        404: { description: 'No such collection, and no run of one by that id.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { collectionId } = c.req.valid('query');
    const orgId = callerOrgId(c);
    const collection = await findCollection(services.db, collectionId, orgId);
    const flows = await flowHistoriesOf(services.db, orgId, collectionId, collection);
    if (!collection && flows.length === 0) throw new ApiError(404, collectionNotFoundMessage(collectionId));
    return c.json({ success: true as const, data: { collectionId, flows } }, 200);
  });
}
