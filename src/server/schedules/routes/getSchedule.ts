import { createRoute, z } from '@hono/zod-openapi';
import { scheduleResponseSchema } from '../../../shared/contracts/schedules';
import { CONTROL_ROOM_BASE } from '../../../shared/endpoints';
import { LISTED_HISTORY, toSchedule } from '../repository';
import { executionHistoryOf } from '../scheduleViews';
import type { Api } from '../../services';
import { requireSchedule, SCHEDULES_TAG } from '../scheduleLookup';

export function registerGetSchedule({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: `${CONTROL_ROOM_BASE}/schedule/getSchedule/{id}`,
      tags: [SCHEDULES_TAG],
      summary: 'One schedule with its latest firings (executionHistory, newest first)',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The schedule.', content: { 'application/json': { schema: scheduleResponseSchema } } },
        404: { description: 'No such schedule in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireSchedule(services, c, c.req.valid('param').id);
    const history = await executionHistoryOf(services.db, row.id, LISTED_HISTORY);
    return c.json({ success: true as const, message: '', data: toSchedule(row, history) }, 200);
  });
}
