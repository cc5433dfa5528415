import { createRoute } from '@hono/zod-openapi';
import { runningTabDataResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { listRunsIn } from '../repository';
import { hintSources, lastExecutedOf, NO_HINT_SOURCES, runningCollectionOf } from '../runViews';
import type { Db } from '../../db/database';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { callerOrgId } from '../runLookup';

/** How many completed runs lastExecutedTestStates lists (the sidebar shows the first). */
export const LAST_EXECUTED_KEPT = 5;

export function registerGetRunningTabData({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.runs.runningTabData,
      tags: ['Runs'],
      summary: 'Running and queued collections with live progress, and the last completed runs',
      description: 'Polled every 5 s by the status sidebar; answers 304 to a matching If-None-Match.',
      responses: { 200: { description: 'The status.', content: { 'application/json': { schema: runningTabDataResponseSchema } } } },
    }),
  );

  app.openapi(route, (c) => services.pollCache.json(c, currentUser(c).row.id, () => runningTabData(services.db, callerOrgId(c))));
}

/** Running first, then the queue in trigger order, and the last completed runs. */
async function runningTabData(db: Db, orgId: string) {
  const active = await listRunsIn(db, ['RUNNING', 'QUEUED'], orgId);
  // Running first, then the queue in trigger order.
  const ordered = [...active.filter((run) => run.state === 'RUNNING'), ...active.filter((run) => run.state === 'QUEUED')];
  const completed = await db
    .selectFrom('runs')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('time_completed', 'is not', null)
    .orderBy('time_completed', 'desc')
    .limit(LAST_EXECUTED_KEPT)
    .execute();
  const sources = ordered.some((run) => run.state === 'QUEUED') ? await hintSources(db) : NO_HINT_SOURCES;
  const data = {
    runningTestStatus: await Promise.all(ordered.map((run) => runningCollectionOf(db, run, sources))),
    lastExecutedTestStates: await Promise.all(completed.map((run) => lastExecutedOf(db, run))),
  };
  return { success: true as const, data };
}
