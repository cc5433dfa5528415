import { createRoute, z } from '@hono/zod-openapi';
import { scheduleExecutionDetailsResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { requireExecutionDetails } from '../../schedules/scheduleLookup';
import type { Api } from '../../services';
import { OPERATIONS_TAG } from '../summaryRoute';

export function registerScheduleSummaryDetail({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'OPERATIONS_CENTER',
    createRoute({
      method: 'get',
      path: endpoints.summaryReports.scheduleSummaryDetail,
      tags: [OPERATIONS_TAG],
      summary: 'The collections of one firing, as the Control Room shows them',
      description: 'id is a schedule summary row id (a scheduleExecutionHistoryId); the answer is the one of getExecutionDetails.',
      request: { query: z.object({ id: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'The firing and its collections.', content: { 'application/json': { schema: scheduleExecutionDetailsResponseSchema } } },
        404: { description: 'No such firing in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await requireExecutionDetails(services, c, c.req.valid('query').id);
    return c.json({ success: true as const, message: '', data }, 200);
  });
}
