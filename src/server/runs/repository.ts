import { randomUUID } from 'node:crypto';
import type { Collection } from '../../shared/contracts/collections';
import { fileRefSchema, runProgressSchema, type FileRef, type RunProgress } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import type { RunScheduleKind, RunState, RunsTable, StepResultsTable } from '../db/schema-runs';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { chargeRunMinutes } from '../licenses/enforcement';
import { initialProgress } from './progress';
import { queueRunFinishedMail } from '../notifications/outbox';
import { stringVariablesOf } from '../variables/repository';
import { failureSignature } from '../../shared/failure-signature';
import { collectionHash } from './collectionHash';
import { quarantineVerdict, releaseRecoveredFlows } from '../quarantine/runEnd';
import { flakyCountsOf } from './flakyCounts';
import { recordRunFlowResults } from './flowResults';

export type RunRow = Selectable<RunsTable>;
export type StepResultRow = Selectable<StepResultsTable>;
/**
 * A step result as an executor reports it; the failure signature is derived when it is stored, and the earlier
 * attempts of its flow visit are marked superseded when it is the first of a retry.
 */
export type NewStepResult = Omit<StepResultRow, 'id' | 'images' | 'attachments' | 'failure_signature' | 'superseded' | 'attempt'> & {
  images: FileRef[];
  attachments: FileRef[];
  /** 1 (the default) for a flow's first attempt, 2 for its first retry, ... */
  attempt?: number;
};

const stringListSchema = z.array(z.string());
const runVariablesSchema = z.record(z.string(), z.string());
const fileRefListSchema = z.array(fileRefSchema);

export const parseStringList = (json: string): string[] => stringListSchema.parse(JSON.parse(json));
export const parseFileRefs = (json: string): FileRef[] => fileRefListSchema.parse(JSON.parse(json));
export const parseProgress = (json: string): RunProgress => runProgressSchema.parse(JSON.parse(json));
export const parseRunVariables = (json: string): Record<string, string> => runVariablesSchema.parse(JSON.parse(json));

export const now = (): string => new Date().toISOString();

let lastQueueOrder = 0;

/** Grows with every run this process queues, and with the clock across restarts (microseconds since 1970). */
function nextQueueOrder(): number {
  lastQueueOrder = Math.max(Date.now() * 1000, lastQueueOrder + 1);
  return lastQueueOrder;
}

export interface RunAuthor {
  orgId: string;
  userId: string;
  /** The schedule whose firing queues the run (its name then); none for a run queued by a user or a bot. */
  schedule?: RunSchedule;
}

export interface RunSchedule {
  name: string;
  kind: RunScheduleKind;
}

/**
 * Queues a run of `collection` as it is now: later edits of the collection do not change a queued run. The run starts
 * with the organization's String variables as `${name}` values, read now like the collection; `variables` (a schedule's
 * data row) win over them.
 */
export async function insertRun(db: Db, collection: Collection, by: RunAuthor, variables: Readonly<Record<string, string>> = {}): Promise<RunRow> {
  const row: RunRow = {
    status_id: randomUUID(),
    org_id: by.orgId,
    collection_id: collection.collectionId || collection.id,
    test_suite_name: collection.testSuiteName,
    collection: JSON.stringify(collection),
    state: 'QUEUED',
    device_type: collection.deviceType,
    hybrid_device_ids: JSON.stringify(Object.keys(collection.hybridDeviceIds)),
    resource_ids: '[]',
    time_submitted: now(),
    queue_order: nextQueueOrder(),
    time_started: null,
    time_completed: null,
    triggered_by: by.userId,
    cancelled_by: null,
    progress: JSON.stringify(initialProgress()),
    attachments: '[]',
    variables: JSON.stringify({ ...(await stringVariablesOf(db, by.orgId)), ...variables }),
    replica_id: null,
    schedule_name: by.schedule?.name ?? null,
    schedule_kind: by.schedule?.kind ?? null,
    collection_hash: collectionHash(collection),
    resource_kind: null,
    retries: collection.retries,
    passed_on_retry_flows: null,
    flaky_flows: null,
    artifacts_removed_at: null,
  };
  await db.insertInto('runs').values(row).execute();
  return row;
}

/** A run by id; `orgId` limits the search to one organization. */
export function findRun(db: Db, statusId: string, orgId?: string): Promise<RunRow | undefined> {
  return db
    .selectFrom('runs')
    .selectAll()
    .where('status_id', '=', statusId)
    .$if(orgId !== undefined, (qb) => qb.where('org_id', '=', orgId ?? ''))
    .executeTakeFirst();
}

/** Runs in `states`, oldest trigger first. */
export function listRunsIn(db: Db, states: readonly RunState[], orgId?: string): Promise<RunRow[]> {
  return db
    .selectFrom('runs')
    .selectAll()
    .where('state', 'in', states)
    .$if(orgId !== undefined, (qb) => qb.where('org_id', '=', orgId ?? ''))
    .orderBy('time_submitted')
    .orderBy('queue_order')
    .execute();
}

export async function appendLog(db: Db, statusId: string, value: string): Promise<void> {
  await db.insertInto('run_logs').values({ status_id: statusId, key: now(), value }).execute();
}

export async function insertStepResult(db: Db, result: NewStepResult): Promise<void> {
  // A step of a retry: the visit's earlier attempts no longer make its result. Gateway agents report steps the same
  // way, so this is done here rather than by the executor.
  if (result.attempt !== undefined && result.attempt > 1) {
    await db
      .updateTable('step_results')
      .set({ superseded: 1 })
      .where('status_id', '=', result.status_id)
      .where('flow_index', '=', result.flow_index)
      .where('attempt', '<', result.attempt)
      .where('superseded', '=', 0)
      .execute();
  }
  await db
    .insertInto('step_results')
    .values({
      ...result,
      images: JSON.stringify(result.images),
      attachments: JSON.stringify(result.attachments),
      failure_signature: result.result === 'FAILED' ? failureSignature(result.step_id, result.error_detail) : null,
    })
    .execute();
}

export async function saveProgress(db: Db, statusId: string, progress: RunProgress): Promise<void> {
  await db
    .updateTable('runs')
    .set({ progress: JSON.stringify(progress) })
    .where('status_id', '=', statusId)
    .execute();
}

export async function addRunAttachment(db: Db, statusId: string, file: FileRef): Promise<void> {
  const run = await findRun(db, statusId);
  if (!run) return;
  const attachments = [...parseFileRefs(run.attachments), file];
  await db
    .updateTable('runs')
    .set({ attachments: JSON.stringify(attachments) })
    .where('status_id', '=', statusId)
    .execute();
}

/** Marks the resources of a run's resource_ids (JSON) free. */
async function freeResources(trx: Db, resourceIdsJson: string): Promise<void> {
  const resourceIds = parseStringList(resourceIdsJson);
  if (resourceIds.length > 0) {
    await trx.updateTable('resources').set({ device_in_use: 0, updated_at: now() }).where('device_id', 'in', resourceIds).execute();
  }
}

/**
 * Ends a queued or running run and frees its resources in one transaction. A run that already ended keeps its
 * state (a cancel racing the last step cannot turn PASSED into CANCELLED); answers whether this call ended it.
 */
export async function finishRun(
  db: Db,
  statusId: string,
  state: RunState,
  extra: { cancelledBy?: string; progress?: RunProgress } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('runs')
      .select(['status_id', 'org_id', 'collection_id', 'resource_ids', 'state'])
      .where('status_id', '=', statusId)
      .executeTakeFirst();
    if (!run || (run.state !== 'QUEUED' && run.state !== 'RUNNING')) return false;
    // The one place a run's result is decided: failures of flows in quarantine do not count (issue 29).
    const verdict = run.state === 'RUNNING' ? await quarantineVerdict(trx, run, state) : undefined;
    const endedAt = now();
    await trx
      .updateTable('runs')
      .set({
        state: verdict?.state ?? state,
        time_completed: endedAt,
        ...(extra.cancelledBy === undefined ? {} : { cancelled_by: extra.cancelledBy }),
        ...(extra.progress === undefined ? {} : { progress: JSON.stringify(extra.progress) }),
      })
      .where('status_id', '=', statusId)
      .execute();
    await freeResources(trx, run.resource_ids);
    if (run.state === 'RUNNING') await recordRunFlowResults(trx, { orgId: run.org_id, statusId });
    if (verdict) {
      for (const line of [...verdict.logLines, ...(await releaseRecoveredFlows(trx, run, verdict, endedAt))]) await appendLog(trx, statusId, line);
    }
    if (run.state === 'RUNNING') {
      const counts = await flakyCountsOf(trx, run, endedAt);
      await trx
        .updateTable('runs')
        .set({ passed_on_retry_flows: counts.passedOnRetry, flaky_flows: counts.flaky })
        .where('status_id', '=', statusId)
        .execute();
      await chargeRunMinutes(trx, statusId);
    }
    // A run that ran mails its notify list with its final state; one cancelled in the queue does not.
    if (run.state === 'RUNNING') await queueRunFinishedMail(trx, statusId);
    return true;
  });
}

/** Ends the runs in `statusIds` still RUNNING as ABORTED, each with `log`; answers how many it ended. */
export async function abortRuns(db: Db, statusIds: readonly string[], log: string): Promise<number> {
  let aborted = 0;
  for (const statusId of statusIds) {
    if (!(await finishRun(db, statusId, 'ABORTED'))) continue;
    await appendLog(db, statusId, log);
    aborted += 1;
  }
  return aborted;
}

/** The log line of a run cancelled while it waited in the queue. */
export const queueCancelLine = (by: string): string => `Cancelled in the queue by ${by}`;

/** Log lines go in batches well under SQLite's limit of bound parameters per statement. */
const LOG_BATCH = 1000;

/**
 * Cancels every queued run of the organization in one transaction: one UPDATE of the queued runs (a run the
 * dispatcher starts meanwhile is no longer queued and goes on), and their log lines. Queued runs hold no resources.
 * Answers the runs it cancelled.
 */
export async function cancelQueuedRunsOf(db: Db, orgId: string, by: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const cancelled = await trx
      .updateTable('runs')
      .set({ state: 'CANCELLED', time_completed: at, cancelled_by: by })
      .where('org_id', '=', orgId)
      .where('state', '=', 'QUEUED')
      .returning('status_id')
      .execute();
    const ids = cancelled.map((run) => run.status_id);
    for (let start = 0; start < ids.length; start += LOG_BATCH) {
      const lines = ids.slice(start, start + LOG_BATCH).map((statusId) => ({ status_id: statusId, key: at, value: queueCancelLine(by) }));
      await trx.insertInto('run_logs').values(lines).execute();
    }
    return ids;
  });
}

/** Puts a RUNNING run that never started back in the queue and frees its resources; false when it is not RUNNING. */
export async function requeueRun(db: Db, statusId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('runs').select(['resource_ids', 'state']).where('status_id', '=', statusId).executeTakeFirst();
    if (run?.state !== 'RUNNING') return false;
    await trx.updateTable('runs').set({ state: 'QUEUED', resource_ids: '[]', time_started: null }).where('status_id', '=', statusId).execute();
    await freeResources(trx, run.resource_ids);
    return true;
  });
}

export function listStepResults(db: Db, statusId: string): Promise<StepResultRow[]> {
  return db.selectFrom('step_results').selectAll().where('status_id', '=', statusId).orderBy('id').execute();
}

export function listLogs(db: Db, statusId: string): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('run_logs').select(['key', 'value']).where('status_id', '=', statusId).orderBy('id').execute();
}
