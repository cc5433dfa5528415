import { createRoute, z } from '@hono/zod-openapi';
import { AUTOMATION_BASE } from '../../../shared/endpoints';
import { artifactsRoot } from '../artifacts';
import { renderRunReport, reportFileName } from '../report/htmlReport';
import { runDetailsOf } from '../runViews';
import type { Api } from '../../services';
import { htmlHeaders, timezoneQuery } from '../reportTimeZone';
import { requireRun, RUN_HISTORY_ACCESS } from '../runLookup';

export function registerGetReport({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      // endpoints.runs.report(id) builds this path with the id encoded.
      path: `${AUTOMATION_BASE}/stats/getReport/{id}`,
      tags: ['Runs'],
      summary: "A run's self-contained HTML report (images inlined), times in the given zone",
      request: { params: z.object({ id: z.string().min(1).max(64) }), query: z.object({ timezone: timezoneQuery }) },
      responses: {
        200: { description: 'The report.', content: { 'text/html': { schema: z.string() } } },
        404: { description: 'No such run.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const run = await requireRun(services, c, c.req.valid('param').id);
    const details = await runDetailsOf(services.db, run);
    const html = await renderRunReport(details, c.req.valid('query').timezone, artifactsRoot(services.filesDir));
    return c.body(html, 200, htmlHeaders(reportFileName(details)));
  });
}
