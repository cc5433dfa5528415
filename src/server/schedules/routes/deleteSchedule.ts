import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { SCHEDULE_MESSAGES, scheduleIdBodySchema, scheduleMessageResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { deleteScheduleRow } from '../repository';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

export function registerDeleteSchedule({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'put',
      path: endpoints.schedules.remove,
      tags: [SCHEDULES_TAG],
      summary: 'Delete a schedule',
      description: 'The schedule stops firing and leaves the list; its past firings stay in history. Firings under way go on.',
      request: { body: { required: true, content: { 'application/json': { schema: scheduleIdBodySchema } } } },
      responses: {
        200: { description: 'Deleted.', content: { 'application/json': { schema: scheduleMessageResponseSchema } } },
        404: { description: 'No such schedule in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('json');
    const deleted = await auditedChange(services.db, c, { entityType: 'schedule', entityId: id }, (db) => deleteScheduleRow(db, id, currentUser(c).row.org_id, Date.now()));
    if (!deleted) throw new ApiError(404, SCHEDULE_MESSAGES.notFound(id));
    return c.json({ success: true as const, message: SCHEDULE_MESSAGES.deleted }, 200);
  });
}
