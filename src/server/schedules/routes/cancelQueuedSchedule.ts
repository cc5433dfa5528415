import { createRoute, z } from '@hono/zod-openapi';
import { SCHEDULE_MESSAGES, scheduleMessageResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { cancelQueuedSchedule } from '../scheduleFiring';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

export function registerCancelQueuedSchedule({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'put',
      path: endpoints.schedules.cancelQueued,
      tags: [SCHEDULES_TAG],
      summary: 'Cancel a queued schedule',
      description:
        'id is the queued schedule id. Its queued runs are cancelled and collections waiting for their turn are skipped; runs already started go on.',
      request: { query: z.object({ id: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'Cancelled.', content: { 'application/json': { schema: scheduleMessageResponseSchema } } },
        404: { description: 'No such queued schedule in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('query');
    const user = currentUser(c).row;
    if (!(await cancelQueuedSchedule(services.db, services.runs, id, user.org_id, user.user_id, Date.now()))) {
      throw new ApiError(404, SCHEDULE_MESSAGES.queuedNotFound(id));
    }
    return c.json({ success: true as const, message: SCHEDULE_MESSAGES.cancelled }, 200);
  });
}
