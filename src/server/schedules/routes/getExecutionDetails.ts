import { createRoute, z } from '@hono/zod-openapi';
import { scheduleExecutionDetailsResponseSchema } from '../../../shared/contracts/schedules';
import { CONTROL_ROOM_BASE } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { requireExecutionDetails, SCHEDULES_TAG } from '../scheduleLookup';

export function registerGetExecutionDetails({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: `${CONTROL_ROOM_BASE}/schedule/getExecutionDetails/{id}`,
      tags: [SCHEDULES_TAG],
      summary: 'The collections of one firing (the Collection Execution modal)',
      description: 'id is a scheduleExecutionHistoryId. Collections waiting for their turn show result PENDING; never queued, SKIPPED.',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The firing and its collections.', content: { 'application/json': { schema: scheduleExecutionDetailsResponseSchema } } },
        404: { description: 'No such firing in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await requireExecutionDetails(services, c, c.req.valid('param').id);
    return c.json({ success: true as const, message: '', data }, 200);
  });
}
