import { createRoute } from '@hono/zod-openapi';
import { runNowResponseSchema, SCHEDULE_MESSAGES, scheduleIdBodySchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { runScheduleNow } from '../scheduleFiring';
import type { Api } from '../../services';
import { requireSchedule, SCHEDULES_TAG } from '../scheduleLookup';

export function registerRunNow({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'put',
      path: endpoints.schedules.runNow,
      tags: [SCHEDULES_TAG],
      summary: 'Fire a schedule now',
      description:
        "Queues the schedule's collections at once with its runtime configuration, enabled or not; its planned times are unchanged.",
      request: { body: { required: true, content: { 'application/json': { schema: scheduleIdBodySchema } } } },
      responses: {
        200: { description: 'Fired.', content: { 'application/json': { schema: runNowResponseSchema } } },
        404: { description: 'No such schedule in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireSchedule(services, c, c.req.valid('json').id);
    await services.disk.assertRoomFor('runs');
    const executionId = await runScheduleNow(services.db, services.runs, row, currentUser(c).row.user_id, Date.now());
    return c.json({ success: true as const, message: SCHEDULE_MESSAGES.startingExecution, data: { scheduleExecutionHistoryId: executionId } }, 200);
  });
}
