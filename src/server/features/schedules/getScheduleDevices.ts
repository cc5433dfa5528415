import { createRoute, z } from '@hono/zod-openapi';
import { scheduleDevicesResponseSchema } from '../../../shared/contracts/schedules';
import { CONTROL_ROOM_BASE } from '../../../shared/endpoints';
import { scheduleDevicesOf } from '../../schedules/scheduleViews';
import type { Api } from '../../services';
import { requireSchedule, SCHEDULES_TAG } from './scheduleLookup';

export function registerGetScheduleDevices({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: `${CONTROL_ROOM_BASE}/schedule/getDevices/{id}`,
      tags: [SCHEDULES_TAG],
      summary: "The resources the schedule's collections ask for",
      description: 'The choices for the current resource of an override pair. Collections that take any free resource add none.',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The resources.', content: { 'application/json': { schema: scheduleDevicesResponseSchema } } },
        404: { description: 'No such schedule in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireSchedule(services, c, c.req.valid('param').id);
    return c.json({ success: true as const, message: '', data: await scheduleDevicesOf(services.db, row) }, 200);
  });
}
