import { createRoute } from '@hono/zod-openapi';
import { queuedTestsResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { listRunsIn } from '../repository';
import { runDevices } from '../runViews';
import type { Api } from '../../services';
import { callerOrgId, RUN_HISTORY_ACCESS } from '../runLookup';

export function registerGetQueuedTests({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.queued,
      tags: ['Runs'],
      summary: 'Runs waiting for a resource, oldest first',
      responses: { 200: { description: 'The queue.', content: { 'application/json': { schema: queuedTestsResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const queued = await listRunsIn(services.db, ['QUEUED'], callerOrgId(c));
    const data = queued.map((run) => ({
      id: run.status_id,
      testSuiteName: run.test_suite_name,
      devices: runDevices(run),
      timeTriggered: run.time_submitted,
    }));
    return c.json({ success: true as const, data }, 200);
  });
}
