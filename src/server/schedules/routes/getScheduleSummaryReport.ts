import { createRoute, z } from '@hono/zod-openapi';
import { runNotFoundMessage } from '../../../shared/contracts/runs';
import { SCHEDULE_MESSAGES, scheduleReportFileName } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { renderReports, zipHeaders, zipReports } from '../../runs/report/reportArchive';
import { findRun, type RunRow } from '../../runs/repository';
import { findExecution } from '../scheduleViews';
import type { Api } from '../../services';
import { MAX_REPORTS_PER_ZIP } from '../../runs/routes/getScheduleReport';
import { timezoneQuery } from '../../runs/reportTimeZone';
import { idList } from '../../runs/runLookup';
import { SCHEDULES_TAG } from '../scheduleLookup';

const querySchema = z.object({
  timezone: timezoneQuery,
  executionId: z.string().trim().max(64).optional(),
  statusIds: z.string().max(5000).optional(),
});

export function registerGetScheduleSummaryReport({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: endpoints.schedules.report,
      tags: [SCHEDULES_TAG],
      summary: 'Collection reports of a schedule firing (or of chosen runs) as one zip',
      description:
        'With executionId: the reports of that firing\'s runs, named {scheduleName}-{scheduleId}-schedule-summary-report.zip. ' +
        `With statusIds (comma list, at most ${MAX_REPORTS_PER_ZIP}): those runs, named schedule-summary-report.zip.`,
      request: { query: querySchema },
      responses: {
        200: { description: 'The zip of HTML reports.', content: { 'application/zip': { schema: z.string() } } },
        404: { description: 'The firing or a run does not exist in the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { timezone, executionId, statusIds } = c.req.valid('query');
    const orgId = currentUser(c).row.org_id;
    let ids = [...new Set(idList(statusIds))];
    let fileName = scheduleReportFileName();
    if (executionId) {
      const execution = await findExecution(services.db, executionId, orgId);
      if (!execution) throw new ApiError(404, SCHEDULE_MESSAGES.executionNotFound(executionId));
      const items = await services.db
        .selectFrom('schedule_execution_items')
        .select('status_id')
        .where('execution_id', '=', execution.id)
        .where('status_id', 'is not', null)
        .orderBy('position')
        .execute();
      ids = items.flatMap((item) => (item.status_id === null ? [] : [item.status_id]));
      const schedule = await services.db.selectFrom('schedules').select(['id', 'name']).where('id', '=', execution.schedule_id).executeTakeFirst();
      fileName = scheduleReportFileName(schedule ?? { id: execution.schedule_id, name: execution.schedule_name });
    }
    if (ids.length === 0 || ids.length > MAX_REPORTS_PER_ZIP) {
      const fieldErrors = { [executionId ? 'executionId' : 'statusIds']: ['size'] };
      throw new ApiError(400, `Give an executionId with runs, or 1 to ${MAX_REPORTS_PER_ZIP} status ids.`, {}, fieldErrors);
    }
    const runs: RunRow[] = [];
    for (const id of ids) {
      const run = await findRun(services.db, id, orgId);
      if (!run) throw new ApiError(404, runNotFoundMessage(id));
      runs.push(run);
    }
    return c.body(zipReports(await renderReports(services.db, runs, timezone, services.filesDir)), 200, zipHeaders(fileName));
  });
}
