import { createRoute } from '@hono/zod-openapi';
import { scheduleListResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { listScheduleRows, toSchedule } from '../repository';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

export function registerGetSchedules({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: endpoints.schedules.list,
      tags: [SCHEDULES_TAG],
      summary: "The organization's schedules",
      description: 'executionTime is the next execution (null when none is left); executionHistory is empty here (see getSchedule).',
      responses: { 200: { description: 'The schedules.', content: { 'application/json': { schema: scheduleListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const rows = await listScheduleRows(services.db, currentUser(c).row.org_id);
    return c.json({ success: true as const, message: '', data: rows.map((row) => toSchedule(row)) }, 200);
  });
}
