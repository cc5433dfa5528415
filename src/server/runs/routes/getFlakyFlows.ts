import { createRoute } from '@hono/zod-openapi';
import { flakyFlowsQuerySchema, flakyFlowsResponseSchema } from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { flakyFlowsOf } from '../flakyFlows';
import { callerOrgId } from '../runLookup';

export function registerGetFlakyFlows({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'OPERATIONS_CENTER',
    createRoute({
      method: 'get',
      path: endpoints.flakiness.flakyFlows,
      tags: ['Runs'],
      summary: "The organization's flaky flows over a date range, the flakiest first",
      description:
        'Flows whose results in runs that ended in [from, to] changed between PASSED and FAILED on the same collection version and ' +
        'resource kind, ranked by flip rate (flips over consecutive pairs of results), with their failures, runs, last flip, last 30 ' +
        'results in the range and top 3 failure signatures. At most 100 flows; total says how many flipped.',
      request: { query: flakyFlowsQuerySchema },
      responses: {
        200: { description: 'The flaky flows.', content: { 'application/json': { schema: flakyFlowsResponseSchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { from, to } = c.req.valid('query');
    const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    return c.json({ success: true as const, data: await flakyFlowsOf(services.db, callerOrgId(c), range) }, 200);
  });
}
