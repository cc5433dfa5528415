import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { scheduleDevicesResponseSchema } from '../../../shared/contracts/schedules';
import { CONTROL_ROOM_BASE } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { findScheduleRow } from '../repository';
import { collectionDevicesOf, scheduleDevicesOf } from '../scheduleViews';
import type { Api } from '../../services';
import { findCollection } from '../../collections/repository';
import { SCHEDULES_TAG } from '../scheduleLookup';

const scheduleDevicesNotFound = (id: string) => `No schedule or collection ${id}`;

export function registerGetScheduleDevices({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: `${CONTROL_ROOM_BASE}/schedule/getDevices/{id}`,
      tags: [SCHEDULES_TAG],
      summary: 'The resources a schedule’s collections, or one collection, ask for',
      description:
        'The choices for the current resource of an override pair. {id} is a schedule id, or a collection id (§7 "collection ' +
        'devices"), so a schedule not saved yet can ask per chosen collection. Collections that take any free resource add none.',
      request: { params: z.object({ id: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The resources.', content: { 'application/json': { schema: scheduleDevicesResponseSchema } } },
        404: { description: 'No such schedule or collection in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    const orgId = currentUser(c).row.org_id;
    const schedule = await findScheduleRow(services.db, id, orgId);
    if (schedule) return c.json({ success: true as const, message: '', data: await scheduleDevicesOf(services.db, schedule) }, 200);
    const collection = await findCollection(services.db, id, orgId);
    if (!collection) throw new ApiError(404, scheduleDevicesNotFound(id));
    return c.json({ success: true as const, message: '', data: await collectionDevicesOf(services.db, [collection]) }, 200);
  });
}
