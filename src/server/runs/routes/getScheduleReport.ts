import { createRoute, z } from '@hono/zod-openapi';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { renderReports, zipHeaders, zipReports } from '../report/reportArchive';
import type { Api } from '../../services';
import { htmlHeaders, timezoneQuery } from '../reportTimeZone';
import { idList, requireRun, RUN_HISTORY_ACCESS } from '../runLookup';

/** One request builds at most this many reports (each inlines its screenshots). */
export const MAX_REPORTS_PER_ZIP = 50;

export function registerGetScheduleReport({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.scheduleReport,
      tags: ['Runs'],
      summary: 'Reports of several runs: a zip of HTML reports, or the HTML report itself for one id',
      request: { query: z.object({ timezone: timezoneQuery, statusIds: z.string().max(5000) }) },
      responses: {
        200: {
          description: 'The report(s).',
          content: { 'application/zip': { schema: z.string() }, 'text/html': { schema: z.string() } },
        },
        404: { description: 'One of the runs does not exist.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { timezone, statusIds } = c.req.valid('query');
    const ids = [...new Set(idList(statusIds))];
    if (ids.length === 0 || ids.length > MAX_REPORTS_PER_ZIP) {
      throw new ApiError(400, `statusIds: give 1 to ${MAX_REPORTS_PER_ZIP} status ids.`, {}, { statusIds: ['size'] });
    }
    const runs = [];
    for (const id of ids) runs.push(await requireRun(services, c, id));
    const reports = await renderReports(services.db, runs, timezone, services.filesDir);
    const [only] = reports;
    if (only && reports.length === 1) return c.body(only.html, 200, htmlHeaders(only.name));
    return c.body(zipReports(reports), 200, zipHeaders('reports.zip'));
  });
}
