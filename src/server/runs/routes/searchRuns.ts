import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'kysely';
import {
  RUN_SEARCH_MAX_PAGE_SIZE,
  runSearchResponseSchema,
  runSearchSchema,
  SEARCH_STATUS_STATES,
  type ExecutionHistoryRow,
} from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import type { Db } from '../../db/database';
import { containsIgnoringCase, jsonArrayIncludes, jsonTextField } from '../../db/dialect';
import type { RunState } from '../../db/schema-runs';
import { parseJsonParameter } from '../../http/validation';
import { deviceNamesOf, durationOf, epochOf, namedDevices, nameOf, tagNamesOf, triggeredByNameOf, userNamesOf } from '../displayNames';
import type { RunRow } from '../repository';
import { RUN_SUMMARY_COLUMNS, runDevices, runSummaryOf } from '../runViews';
import type { Api } from '../../services';
import { callerOrgId, RUN_HISTORY_ACCESS } from '../runLookup';

type RunSearch = z.output<typeof runSearchSchema>;
/** A page's run: the summary's columns and the version tag id of its collection snapshot (read by the database). */
type PageRow = Pick<RunRow, (typeof RUN_SUMMARY_COLUMNS)[number]> & { version_id: string | null };

const parseSearch = (data: string): RunSearch => parseJsonParameter('data', data, runSearchSchema, 'data: the search is not valid.');

/**
 * The states a search selects and the time that bounds and sorts them: finished statuses by completion time, queued
 * and running runs (and a search without status) by trigger time.
 */
function planOf(search: RunSearch): { states: readonly RunState[] | undefined; time: 'time_completed' | 'time_submitted' } {
  if (search.status === undefined) return { states: undefined, time: 'time_submitted' };
  const states = SEARCH_STATUS_STATES[search.status];
  const waiting = states.every((state) => state === 'QUEUED' || state === 'RUNNING');
  return { states, time: waiting ? 'time_submitted' : 'time_completed' };
}

/** The runs of the organization the search selects (runDevices' devices hold deviceId), not yet sorted or counted. */
function matching(db: Db, orgId: string, search: RunSearch) {
  const { states, time } = planOf(search);
  const { deviceId, collectionId, collectionName, dateStart, dateEnd } = search;
  return db
    .selectFrom('runs')
    .where('org_id', '=', orgId)
    .$if(states !== undefined, (qb) => qb.where('state', 'in', states ?? []))
    .$if(collectionId !== undefined, (qb) => qb.where('collection_id', '=', collectionId ?? ''))
    .$if(Boolean(collectionName), (qb) => qb.where(containsIgnoringCase(db, sql.ref('runs.test_suite_name'), collectionName ?? '')))
    .$if(dateStart !== undefined, (qb) => qb.where(time, '>=', new Date(dateStart ?? 0).toISOString()))
    .$if(dateEnd !== undefined, (qb) => qb.where(time, '<=', new Date(dateEnd ?? 0).toISOString()))
    .$if(deviceId !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          jsonArrayIncludes(db, sql.ref('runs.resource_ids'), deviceId ?? ''),
          eb.and([eb('resource_ids', '=', '[]'), jsonArrayIncludes(db, sql.ref('runs.hybrid_device_ids'), deviceId ?? '')]),
        ]),
      ),
    );
}

/** History rows of `runs`: version tag, author and resource names read once for the whole page, side by side. */
async function historyRowsOf(db: Db, orgId: string, runs: readonly PageRow[]): Promise<ExecutionHistoryRow[]> {
  const [tagNames, userNames, deviceNames] = await Promise.all([
    tagNamesOf(db, orgId, runs.flatMap((run) => (run.version_id ? [run.version_id] : []))),
    userNamesOf(
      db,
      runs.flatMap((run) => [run.triggered_by, run.cancelled_by]),
    ),
    deviceNamesOf(db, runs.flatMap(runDevices)),
  ]);
  return runs.map((run) => ({
    ...runSummaryOf(run),
    versionTag: (run.version_id ? tagNames.get(run.version_id) : undefined) ?? null,
    userTriggeredName: triggeredByNameOf(run, userNames),
    userCancelledName: run.cancelled_by === null ? null : nameOf(userNames, run.cancelled_by),
    deviceNames: namedDevices(runDevices(run), deviceNames),
    duration: durationOf(epochOf(run.time_started), epochOf(run.time_completed)),
  }));
}

export function registerSearchRuns({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.search,
      tags: ['Runs'],
      summary: 'Run history by device, status, collection and dates, one page at a time with the total',
      description:
        'data is JSON {deviceId?, status?, collectionId?, collectionName?, dateStart?, dateEnd?, page?, pageSize?} (ISO instants; page from 1, ' +
        `pageSize at most ${RUN_SEARCH_MAX_PAGE_SIZE}). A finished status (the Operations Centre's statuses, SAVED, PASSED, ` +
        'FAILED, CANCELLED, ABORTED) bounds and sorts by completion time, newest first; QUEUED, RUNNING or no status by ' +
        'trigger time. collectionName matches part of the name the run recorded, ignoring case. total counts every run ' +
        'matching, whatever the page.',
      request: { query: z.object({ data: z.string().max(2000).default('{}') }) },
      responses: { 200: { description: 'One page of matching runs.', content: { 'application/json': { schema: runSearchResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const search = parseSearch(c.req.valid('query').data);
    const orgId = callerOrgId(c);
    const { time } = planOf(search);
    const [counted, runs] = await Promise.all([
      matching(services.db, orgId, search)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
        .executeTakeFirst(),
      matching(services.db, orgId, search)
        .select(RUN_SUMMARY_COLUMNS)
        .select(jsonTextField(services.db, sql.ref('runs.collection'), 'version').as('version_id'))
        .orderBy(time, 'desc')
        .orderBy('status_id', 'desc')
        .limit(search.pageSize)
        .offset((search.page - 1) * search.pageSize)
        .execute(),
    ]);
    const data = await historyRowsOf(services.db, orgId, runs);
    return c.json({ success: true as const, data, total: Number(counted?.total ?? 0), page: search.page, pageSize: search.pageSize }, 200);
  });
}
