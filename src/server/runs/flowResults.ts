import { FLOW_HISTORY_LENGTH, type FlowHistoryEntry, type FlowResult, type RunResourceKind } from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import type { Selectable } from 'kysely';
import type { RunFlowResultsTable, RunState } from '../db/schema-runs';
import { failureSignature } from '../../shared/failure-signature';

/** One flow's result in one run, with what tells versions and failures apart. */
export interface RunFlowResult {
  statusId: string;
  collectionId: string;
  /** When the run ended (ISO); `now` for a run still going. */
  time: string;
  collectionHash: string | null;
  resourceKind: RunResourceKind | null;
  flowId: string;
  flowName: string;
  result: FlowResult;
  /** PASSED on a retry: which retry (1 to 3); 0 when the flow passed on its first attempt or did not pass. */
  passedOnRetry: number;
  /** The step_results row of the flow's first failed step in the run (FAILED only). */
  firstFailedRowId: number | null;
}

/** The flow results of finished runs, as recorded when each ended (run_flow_results). */
export interface FinishedFlowFilter {
  orgId: string;
  /** One collection's runs; every collection of the organization without it. */
  collectionId?: string;
  /** Runs that ended in [from, to] (ISO). */
  endedBetween: { from: string; to: string };
  flowIds?: readonly string[];
}

/**
 * Per flow of one run: the counts of its steps, failed and skipped, its first failed row and its last attempt. A flow
 * visited more than once in a run (branching) counts once, FAILED when any visit failed. Only a visit's last attempt
 * counts: the steps of attempts a retry replaced (superseded) are left out.
 */
function runFlowAggregates(db: Db, run: { orgId: string; statusId: string }) {
  return db
    .selectFrom('runs')
    .innerJoin('step_results', (join) => join.onRef('step_results.status_id', '=', 'runs.status_id').on('step_results.superseded', '=', 0))
    .where('runs.org_id', '=', run.orgId)
    .where('runs.status_id', '=', run.statusId)
    .select(['runs.status_id', 'runs.collection_id', 'runs.time_completed', 'runs.state', 'runs.collection_hash', 'runs.resource_kind', 'step_results.flow_id'])
    .select((eb) => [
      eb.fn.max('step_results.flow_name').as('flow_name'),
      eb.fn.countAll<number | string>().as('steps'),
      eb.fn.sum<number | string>(eb.case().when('step_results.result', '=', 'FAILED').then(1).else(0).end()).as('failed'),
      eb.fn.sum<number | string>(eb.case().when('step_results.result', '=', 'SKIPPED').then(1).else(0).end()).as('skipped'),
      eb.fn.min<number | string | null>(eb.case().when('step_results.result', '=', 'FAILED').then(eb.ref('step_results.id')).end()).as('first_failed_id'),
      eb.fn.max<number | string>('step_results.attempt').as('attempt'),
    ])
    .groupBy(['runs.status_id', 'runs.collection_id', 'runs.time_completed', 'runs.state', 'runs.collection_hash', 'runs.resource_kind', 'step_results.flow_id']);
}

interface AggregateRow {
  status_id: string;
  collection_id: string;
  time_completed: string | null;
  state: RunState;
  collection_hash: string | null;
  resource_kind: RunResourceKind | null;
  flow_id: string;
  flow_name: string;
  steps: number | string | bigint;
  failed: number | string | bigint;
  skipped: number | string | bigint;
  first_failed_id: number | string | bigint | null;
  attempt: number | string | bigint;
}

function flowResultOf(row: AggregateRow): FlowResult {
  if (Number(row.failed) > 0) return 'FAILED';
  if (row.state === 'ABORTED' || row.state === 'CANCELLED') return 'ABORTED';
  return Number(row.skipped) === Number(row.steps) ? 'SKIPPED' : 'PASSED';
}

function toRunFlowResult(row: AggregateRow, now: string): RunFlowResult {
  const result = flowResultOf(row);
  return {
    statusId: row.status_id,
    collectionId: row.collection_id,
    time: row.time_completed ?? now,
    collectionHash: row.collection_hash,
    resourceKind: row.resource_kind,
    flowId: row.flow_id,
    flowName: row.flow_name,
    result,
    passedOnRetry: result === 'PASSED' ? Number(row.attempt) - 1 : 0,
    firstFailedRowId: row.first_failed_id === null ? null : Number(row.first_failed_id),
  };
}

/** A recorded row as the history reads it. */
export function fromRecorded(row: Selectable<RunFlowResultsTable>): RunFlowResult {
  return {
    statusId: row.status_id,
    collectionId: row.collection_id,
    time: row.ended_at,
    collectionHash: row.collection_hash,
    resourceKind: row.resource_kind,
    flowId: row.flow_id,
    flowName: row.flow_name,
    result: row.result,
    passedOnRetry: Number(row.passed_on_retry),
    firstFailedRowId: row.first_failed_id === null ? null : Number(row.first_failed_id),
  };
}

/**
 * A flow's results as a sequence of outcomes, for flakiness and recovery: a pass on a retry is a failure followed by
 * a pass on the same version (the flow flipped within the run), the rest are their result.
 */
export function outcomesOf(results: readonly Pick<RunFlowResult, 'result' | 'passedOnRetry'>[]): FlowResult[] {
  return results.flatMap((result): FlowResult[] => (result.passedOnRetry > 0 ? ['FAILED', 'PASSED'] : [result.result]));
}

/** A result as a history strip's mark: its run, time and result, and the retry it passed on, if any. */
export const historyEntryOf = (result: RunFlowResult): FlowHistoryEntry => ({
  statusId: result.statusId,
  time: result.time,
  result: result.result,
  ...(result.passedOnRetry > 0 ? { passedOnRetry: result.passedOnRetry } : {}),
});

/** Code-unit order of two strings, as SQLite compares text. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Oldest first: by end time, then run, then flow. */
export const byTimeThenRun = (a: RunFlowResult, b: RunFlowResult): number =>
  compareText(a.time, b.time) || compareText(a.statusId, b.statusId) || compareText(a.flowId, b.flowId);

/** The flows' results of one run, finished or still going (then its time is now), from its step results. */
export async function runFlowResults(db: Db, run: { orgId: string; statusId: string }): Promise<RunFlowResult[]> {
  const now = new Date().toISOString();
  const rows = await runFlowAggregates(db, run).execute();
  return rows.map((row) => toRunFlowResult(row, now)).sort(byTimeThenRun);
}

/** Whether the Flaky flows view compares a result with the one before it: a pass or failure of a known version and kind. */
const isCompared = (result: RunFlowResult): result is RunFlowResult & { collectionHash: string; resourceKind: RunResourceKind } =>
  result.collectionHash !== null && result.resourceKind !== null && (result.result === 'PASSED' || result.result === 'FAILED');

/** The compared results of `result`'s flow on its version and kind, before (or after) it by end time, then run. */
function comparedNeighbours(db: Db, orgId: string, result: RunFlowResult & { collectionHash: string; resourceKind: RunResourceKind }, side: 'before' | 'after') {
  const [order, beyond] = side === 'before' ? (['desc', '<'] as const) : (['asc', '>'] as const);
  return db
    .selectFrom('run_flow_results')
    .select(['status_id', 'result', 'ended_at'])
    .where('org_id', '=', orgId)
    .where('collection_id', '=', result.collectionId)
    .where('flow_id', '=', result.flowId)
    .where('collection_hash', '=', result.collectionHash)
    .where('resource_kind', '=', result.resourceKind)
    .where('result', 'in', ['PASSED', 'FAILED'])
    .where((eb) => eb.or([eb('ended_at', beyond, result.time), eb.and([eb('ended_at', '=', result.time), eb('status_id', beyond, result.statusId)])]))
    .orderBy('ended_at', order)
    .orderBy('status_id', order)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Records one flow result linked into its flow's sequence on its version and kind, as LINK_PREVIOUS_RESULTS_SQL links
 * a bulk fill: it points to the result before it, and a result recorded earlier that ended after it (a run that
 * finished first on another replica) now points to it.
 */
async function recordLinked(trx: Db, orgId: string, result: RunFlowResult): Promise<void> {
  const previous = isCompared(result) ? await comparedNeighbours(trx, orgId, result, 'before') : undefined;
  await trx
    .insertInto('run_flow_results')
    .values({
      status_id: result.statusId,
      flow_id: result.flowId,
      org_id: orgId,
      collection_id: result.collectionId,
      flow_name: result.flowName,
      ended_at: result.time,
      collection_hash: result.collectionHash,
      resource_kind: result.resourceKind,
      result: result.result,
      passed_on_retry: result.passedOnRetry,
      first_failed_id: result.firstFailedRowId,
      previous_result: previous?.result ?? null,
      previous_ended_at: previous?.ended_at ?? null,
    })
    .execute();
  if (!isCompared(result)) return;
  const next = await comparedNeighbours(trx, orgId, result, 'after');
  if (next === undefined) return;
  await trx
    .updateTable('run_flow_results')
    .set({ previous_result: result.result, previous_ended_at: result.time })
    .where('status_id', '=', next.status_id)
    .where('flow_id', '=', result.flowId)
    .execute();
}

/**
 * Records the flow results of a run as it ends, in the transaction that ends it, after its state and end time are
 * written: every later read of its history (finishedFlowResults, lastFlowResults, the Flaky flows view) takes them
 * from here.
 */
export async function recordRunFlowResults(trx: Db, run: { orgId: string; statusId: string }): Promise<void> {
  for (const result of await runFlowResults(trx, run)) await recordLinked(trx, run.orgId, result);
}

/** The flows' results in the finished runs `filter` picks, oldest first. */
export async function finishedFlowResults(db: Db, filter: FinishedFlowFilter): Promise<RunFlowResult[]> {
  const rows = await db
    .selectFrom('run_flow_results')
    .selectAll()
    .where('org_id', '=', filter.orgId)
    .$if(filter.collectionId !== undefined, (qb) => qb.where('collection_id', '=', filter.collectionId ?? ''))
    .where('ended_at', '>=', filter.endedBetween.from)
    .where('ended_at', '<=', filter.endedBetween.to)
    // An empty list matches no flow (flow ids are never empty): SQL has no empty `in ()`.
    .$if(filter.flowIds !== undefined, (qb) => qb.where('flow_id', 'in', filter.flowIds?.length ? filter.flowIds : ['']))
    .execute();
  return rows.map(fromRecorded).sort(byTimeThenRun);
}

/** The last FLOW_HISTORY_LENGTH results of each flow of the collection in finished runs, oldest first. */
export async function lastFlowResults(db: Db, orgId: string, collectionId: string): Promise<RunFlowResult[]> {
  const rows = await db
    .with('ranked', (qc) =>
      qc
        .selectFrom('run_flow_results')
        .selectAll()
        .select((eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('flow_id').orderBy('ended_at', 'desc').orderBy('status_id', 'desc'))
            .as('recency'),
        )
        .where('org_id', '=', orgId)
        .where('collection_id', '=', collectionId),
    )
    .selectFrom('ranked')
    .selectAll()
    .where('recency', '<=', FLOW_HISTORY_LENGTH)
    .execute();
  return rows.map(fromRecorded).sort(byTimeThenRun);
}

/** Rows per statement, well under SQLite's limit of bound parameters. */
const ID_BATCH = 1000;

/**
 * The step id and failure signature of step_results rows by id; a step stored before signatures were (migration 0024)
 * gets its signature from its error now.
 */
export async function failedStepsOf(db: Db, rowIds: readonly number[]): Promise<Map<number, { stepId: string; signature: string }>> {
  const steps = new Map<number, { stepId: string; signature: string }>();
  for (let start = 0; start < rowIds.length; start += ID_BATCH) {
    const rows = await db
      .selectFrom('step_results')
      .select(['id', 'step_id', 'error_detail', 'failure_signature'])
      .where('id', 'in', rowIds.slice(start, start + ID_BATCH))
      .execute();
    for (const row of rows) {
      steps.set(Number(row.id), { stepId: row.step_id, signature: row.failure_signature ?? failureSignature(row.step_id, row.error_detail) });
    }
  }
  return steps;
}
