import { sql, type Expression } from 'kysely';
import { z } from 'zod';
import type { ScheduleSummaryRow, summarySearchSchema, TestSuiteSummaryRow } from '../../shared/contracts/operations';
import { FINISHED_RUN_STATES } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import { jsonArrayIncludesAny } from '../db/dialect';
import type { RunState } from '../db/schema-runs';
import { nameOf, tagNames, tagNamesOf, userNamesOf } from '../runs/displayNames';

/**
 * The Operations Centre's summaries (spec part 2 §2 Collection Details and Schedule Details, §3 Schedule summary row):
 * aggregations the database computes over the run and schedule history, never totals stored beside it.
 */

export type SummarySearch = z.output<typeof summarySearchSchema>;

const tagIdsSchema = z.array(z.string());
const parseTagIds = (json: string): string[] => tagIdsSchema.parse(JSON.parse(json));
const isoOf = (epochMs: number): string => new Date(epochMs).toISOString();
const FINISHED: readonly RunState[] = FINISHED_RUN_STATES;
/** SUM and COUNT come back as numbers from SQLite and as text (bigint) from PostgreSQL. */
type Counted = number | string | bigint;

/** 1 for a joined row where `condition` holds, else 0: summed per group. */
const oneWhen = (condition: Expression<unknown>) => sql<Counted | null>`sum(case when ${condition} then 1 else 0 end)`;
const runIn = (states: readonly RunState[]) => sql`runs.state in (${sql.join(states)})`;

export interface FiringCounts {
  kind: string;
  status: string;
  cancelled_by: string | null;
  /** Runs the firing queued. */
  runs: number;
  passed: number;
  /** Collections waiting for their turn, queued or running. */
  unfinished: number;
  /** Runs that left the queue (running or ended). */
  started: number;
}

/**
 * A firing's status from its collections as they are now: MISSED when it never ran (the server was down, or the
 * licence refused it); while a collection waits or runs, RUNNING once one of its runs started, else QUEUED; once all
 * are done, CANCELLED when it was cancelled from the queue, PASSED when it queued runs and every one passed, else FAILED.
 */
export function firingStatusOf(firing: FiringCounts): ScheduleSummaryRow['status'] {
  if (firing.kind === 'MISSED' || firing.status === 'MISSED') return 'MISSED';
  if (firing.unfinished > 0) return firing.started > 0 ? 'RUNNING' : 'QUEUED';
  if (firing.cancelled_by !== null) return 'CANCELLED';
  return firing.runs > 0 && firing.passed === firing.runs ? 'PASSED' : 'FAILED';
}

/**
 * One row per firing of the organization's schedules triggered within the dates, newest first. tags and versions
 * keep firings whose collection tags (version tags) hold any of them. Counts come from the firing's collections and
 * their runs: totalCollections every collection it planned, passed and failed its runs that PASSED and FAILED.
 */
export async function scheduleSummaryOf(db: Db, orgId: string, search: SummarySearch): Promise<ScheduleSummaryRow[]> {
  const rows = await db
    .selectFrom('schedule_executions as execution')
    .innerJoin('schedules as schedule', 'schedule.id', 'execution.schedule_id')
    .leftJoin('schedule_execution_items as item', 'item.execution_id', 'execution.id')
    .leftJoin('runs', 'runs.status_id', 'item.status_id')
    .where('execution.org_id', '=', orgId)
    .where('execution.triggered_at', '>=', Date.parse(search.startDate))
    .where('execution.triggered_at', '<=', Date.parse(search.endDate))
    .$if(search.tags.length > 0, (qb) => qb.where(jsonArrayIncludesAny(db, sql.ref('execution.collection_tags'), search.tags)))
    .$if(search.versions.length > 0, (qb) => qb.where(jsonArrayIncludesAny(db, sql.ref('execution.version_tags'), search.versions)))
    .select([
      'execution.id',
      'execution.schedule_id',
      'execution.kind',
      'execution.status',
      'execution.schedule_name',
      'execution.collection_tags',
      'execution.version_tags',
      'execution.cancelled_by',
      'execution.triggered_at',
      'schedule.created_by',
      'schedule.created_at',
      'schedule.updated_at',
    ])
    .select((eb) => [
      eb.fn.count<Counted>('item.id').as('total_collections'),
      eb.fn.count<Counted>('runs.status_id').as('runs'),
      oneWhen(runIn(['PASSED'])).as('passed'),
      oneWhen(runIn(['FAILED'])).as('failed'),
      oneWhen(sql`item.state = 'PENDING' or ${runIn(['QUEUED', 'RUNNING'])}`).as('unfinished'),
      oneWhen(sql`runs.state is not null and runs.state <> 'QUEUED'`).as('started'),
    ])
    // Grouped by the primary keys, so every column of the firing and of its schedule may be selected.
    .groupBy(['execution.id', 'schedule.id'])
    .orderBy('execution.triggered_at', 'desc')
    .orderBy('execution.id', 'desc')
    .execute();
  const firings = rows.map((row) => ({
    row,
    collectionTags: parseTagIds(row.collection_tags),
    versionTags: parseTagIds(row.version_tags),
    counts: {
      ...row,
      runs: Number(row.runs),
      passed: Number(row.passed ?? 0),
      unfinished: Number(row.unfinished ?? 0),
      started: Number(row.started ?? 0),
      failed: Number(row.failed ?? 0),
    },
  }));
  const [tags, users] = await Promise.all([
    tagNamesOf(
      db,
      orgId,
      firings.flatMap((firing) => [...firing.collectionTags, ...firing.versionTags]),
    ),
    userNamesOf(
      db,
      rows.flatMap((row) => [row.created_by, row.cancelled_by]),
    ),
  ]);
  return firings.map(({ row, collectionTags, versionTags, counts }) => {
    const createdBy = nameOf(users, row.created_by);
    return {
      id: row.id,
      scheduleId: row.schedule_id,
      executionType: row.kind,
      scheduleName: row.schedule_name,
      collectionTags: tagNames(collectionTags, tags),
      versionTags: tagNames(versionTags, tags),
      cancelledBy: row.cancelled_by === null ? null : nameOf(users, row.cancelled_by),
      status: firingStatusOf(counts),
      startTime: isoOf(Number(row.triggered_at)),
      createdBy,
      createdDate: isoOf(Number(row.created_at)),
      // Schedules do not record who saved them last: the author stands for the last editor (docs/decisions.md).
      updatedBy: createdBy,
      updatedDate: isoOf(Number(row.updated_at)),
      totalCollections: Number(row.total_collections),
      passed: counts.passed,
      failed: counts.failed,
    };
  });
}

/**
 * One row per collection of the organization (deleted ones too: their runs are history) with a finished run completed
 * within the dates, by creation date. tags keep collections holding any of them, versions those of any of those
 * version tags. Its status is the result of its latest finished run in the window; runs, passed and failed count its
 * finished runs there.
 */
export async function testSuiteSummaryOf(db: Db, orgId: string, search: SummarySearch): Promise<TestSuiteSummaryRow[]> {
  const start = new Date(search.startDate).toISOString();
  const end = new Date(search.endDate).toISOString();
  const finishedInWindow = (alias: 'runs' | 'latest') =>
    db
      .selectFrom(`runs as ${alias}`)
      .where(`${alias}.org_id`, '=', orgId)
      .where(`${alias}.state`, 'in', FINISHED)
      .where(`${alias}.time_completed`, '>=', start)
      .where(`${alias}.time_completed`, '<=', end);
  const perCollection = finishedInWindow('runs')
    .select((eb) => [
      'runs.collection_id',
      eb.fn.countAll<Counted>().as('runs'),
      oneWhen(runIn(['PASSED'])).as('passed'),
      oneWhen(runIn(['FAILED'])).as('failed'),
      eb.fn.max('runs.time_completed').as('last_run_at'),
    ])
    .groupBy('runs.collection_id');
  const rows = await db
    .selectFrom(perCollection.as('counted'))
    .innerJoin('collections as collection', 'collection.id', 'counted.collection_id')
    .where('collection.org_id', '=', orgId)
    .$if(search.tags.length > 0, (qb) => qb.where(jsonArrayIncludesAny(db, sql.ref('collection.tags'), search.tags)))
    .$if(search.versions.length > 0, (qb) => qb.where('collection.version', 'in', search.versions))
    .select([
      'collection.id',
      'collection.name',
      'collection.tags',
      'collection.version',
      'collection.created_by',
      'collection.created_at',
      'collection.updated_by',
      'collection.updated_at',
      'counted.runs',
      'counted.passed',
      'counted.failed',
      'counted.last_run_at',
    ])
    .select((eb) =>
      finishedInWindow('latest')
        .select('latest.state')
        .whereRef('latest.collection_id', '=', eb.ref('counted.collection_id'))
        .orderBy('latest.time_completed', 'desc')
        .orderBy('latest.status_id', 'desc')
        .limit(1)
        .as('latest_state'),
    )
    .orderBy('collection.created_at', 'asc')
    .orderBy('collection.id', 'asc')
    .execute();
  const collections = rows.map((row) => ({ row, tagIds: parseTagIds(row.tags) }));
  const [tags, users] = await Promise.all([
    tagNamesOf(
      db,
      orgId,
      collections.flatMap(({ row, tagIds }) => [...tagIds, ...(row.version === null ? [] : [row.version])]),
    ),
    userNamesOf(
      db,
      rows.flatMap((row) => [row.created_by, row.updated_by]),
    ),
  ]);
  return collections.map(({ row, tagIds }) => ({
    id: row.id,
    name: row.name,
    tags: tagNames(tagIds, tags),
    version: row.version === null ? null : (tags.get(row.version) ?? null),
    createdBy: nameOf(users, row.created_by),
    createdDate: row.created_at,
    updatedBy: nameOf(users, row.updated_by),
    updatedDate: row.updated_at,
    status: finishedStateOf(row.latest_state),
    runs: Number(row.runs),
    passed: Number(row.passed ?? 0),
    failed: Number(row.failed ?? 0),
    lastRunAt: row.last_run_at ?? '',
  }));
}

function finishedStateOf(state: RunState | null | undefined): TestSuiteSummaryRow['status'] {
  const finished = FINISHED_RUN_STATES.find((candidate) => candidate === state);
  if (finished === undefined) throw new Error(`A counted collection has no finished run in the window (${String(state)})`);
  return finished;
}
