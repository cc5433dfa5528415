import { createRoute } from '@hono/zod-openapi';
import { failureClassificationQuerySchema, failureClassificationResponseSchema } from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { classifyFailedFlows } from '../failureClassification';
import { requireRun, RUN_HISTORY_ACCESS } from '../runLookup';

export function registerGetFailureClassification({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.flakiness.failureClassification,
      tags: ['Runs'],
      summary: 'Each failed flow of a run as a new, known or flaky failure, with its failure signature',
      description:
        'Against the runs of the same collection that ended within 14 days before it: FLAKY when the flow passed and failed on the ' +
        'same collection version and resource kind (until 5 passes in a row), else KNOWN when the same signature failed it before, else NEW.',
      request: { query: failureClassificationQuerySchema },
      responses: {
        200: { description: 'The failed flows.', content: { 'application/json': { schema: failureClassificationResponseSchema } } },
        404: { description: 'No such run.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const run = await requireRun(services, c, c.req.valid('query').id);
    const failedFlows = await classifyFailedFlows(services.db, run);
    const data = { statusId: run.status_id, collectionHash: run.collection_hash, resourceKind: run.resource_kind, failedFlows };
    return c.json({ success: true as const, data }, 200);
  });
}
