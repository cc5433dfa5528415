import { createRoute } from '@hono/zod-openapi';
import { scheduleQueueResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { scheduleQueueOf } from '../scheduleViews';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

export function registerGetScheduleQueue({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: endpoints.schedules.queue,
      tags: [SCHEDULES_TAG],
      summary: 'Queued schedules: firings whose collections have not all left the queue, newest first',
      responses: { 200: { description: 'The queue.', content: { 'application/json': { schema: scheduleQueueResponseSchema } } } },
    }),
  );

  app.openapi(route, (c) => {
    const caller = currentUser(c).row;
    return services.pollCache.json(c, caller.id, async () => ({ success: true as const, message: '', data: await scheduleQueueOf(services.db, caller.org_id) }));
  });
}
