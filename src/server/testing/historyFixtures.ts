import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { RunState, StepResultValue } from '../db/schema-runs';
import type { ScheduleExecutionKind, ScheduleItemState } from '../db/schema-schedules';
import type { NewStepResult, RunRow, RunSchedule } from '../runs/repository';
import type { RunResourceKind } from '../../shared/contracts/flakiness';

/**
 * Run and schedule history written straight into the database, for tests of the views over it (the Operations
 * Centre): fast, and with the times, states and authors a test needs, without running a browser or the scheduler.
 * Queued runs are HYBRID (no gateway agent takes them) and firings are stored as COMPLETED, so neither the dispatcher
 * nor the scheduler touches them; RUNNING runs belong to no replica and stay as they are while the server runs.
 */

export interface HistoryRun {
  orgId: string;
  collectionId: string;
  state: RunState;
  /** ISO instants; started and completed default to none. */
  submitted: string;
  started?: string | null;
  completed?: string | null;
  statusId?: string;
  testSuiteName?: string;
  /** The resources it held, and the ones it asked for. */
  devices?: string[];
  asked?: string[];
  triggeredBy?: string;
  /** The schedule whose firing queued the run, and the firing's kind. */
  schedule?: RunSchedule;
  cancelledBy?: string | null;
  /** The version tag id in the collection snapshot. */
  versionId?: string | null;
  /** The content hash of the collection it ran, and the kind of resource it ran on (none: recorded before 0024). */
  collectionHash?: string | null;
  resourceKind?: RunResourceKind | null;
  /** The retries it ran with, and its counts of flows passed on a retry and flaky (none: ended before 0026). */
  retries?: number;
  passedOnRetryFlows?: number | null;
  flakyFlows?: number | null;
}

let order = 0;

/** A step of flow `flowId` ("Flow <id>") in a run, for insertStepResult; what the tests leave out is filled in. */
export function historyStepResult(step: {
  statusId: string;
  flowId: string;
  flowIndex: number;
  stepId: string;
  result: StepResultValue;
  error?: string;
  attempt?: number;
  /** ISO: when it ran. */
  at: string;
}): NewStepResult {
  return {
    status_id: step.statusId,
    flow_index: step.flowIndex,
    flow_id: step.flowId,
    flow_name: `Flow ${step.flowId}`,
    flow_type: 'FLOW',
    flow_loop: 1,
    ...(step.attempt === undefined ? {} : { attempt: step.attempt }),
    step_id: step.stepId,
    step_name: `Step ${step.stepId}`,
    action: 'click',
    result: step.result,
    error_detail: step.error ?? '',
    validation_result: '',
    images: [],
    attachments: [],
    time_started: step.at,
    time_completed: step.at,
  };
}

export function historyRunRow(run: HistoryRun): RunRow {
  order += 1;
  return {
    status_id: run.statusId ?? randomUUID(),
    org_id: run.orgId,
    collection_id: run.collectionId,
    test_suite_name: run.testSuiteName ?? `Suite ${run.collectionId}`,
    collection: JSON.stringify({ id: run.collectionId, version: run.versionId ?? null }),
    state: run.state,
    device_type: 'HYBRID',
    hybrid_device_ids: JSON.stringify(run.asked ?? []),
    resource_ids: JSON.stringify(run.devices ?? []),
    time_submitted: run.submitted,
    queue_order: order,
    time_started: run.started ?? null,
    time_completed: run.completed ?? null,
    triggered_by: run.triggeredBy ?? 'someone@example.test',
    cancelled_by: run.cancelledBy ?? null,
    progress: '{}',
    attachments: '[]',
    variables: '{}',
    replica_id: null,
    schedule_name: run.schedule?.name ?? null,
    schedule_kind: run.schedule?.kind ?? null,
    collection_hash: run.collectionHash ?? null,
    resource_kind: run.resourceKind ?? null,
    retries: run.retries ?? 0,
    passed_on_retry_flows: run.passedOnRetryFlows ?? null,
    flaky_flows: run.flakyFlows ?? null,
    artifacts_removed_at: null,
  };
}

/** Inserts the runs; answers their status ids in order. */
export async function insertHistoryRuns(db: Db, runs: readonly HistoryRun[]): Promise<string[]> {
  const rows = runs.map(historyRunRow);
  if (rows.length > 0) await db.insertInto('runs').values(rows).execute();
  return rows.map((row) => row.status_id);
}

export interface HistoryCollection {
  id?: string;
  orgId: string;
  name: string;
  tags?: string[];
  version?: string | null;
  createdBy?: string;
  createdAt: string;
  deleted?: boolean;
}

export async function insertHistoryCollection(db: Db, collection: HistoryCollection): Promise<string> {
  const id = collection.id ?? randomUUID();
  const by = collection.createdBy ?? 'someone@example.test';
  await db
    .insertInto('collections')
    .values({
      id,
      org_id: collection.orgId,
      name: collection.name,
      document: '{}',
      tags: JSON.stringify(collection.tags ?? []),
      version: collection.version ?? null,
      created_by: by,
      created_at: collection.createdAt,
      updated_by: by,
      updated_at: collection.createdAt,
      deleted: collection.deleted ? 1 : 0,
    })
    .execute();
  return id;
}

export interface HistorySchedule {
  orgId: string;
  name: string;
  createdBy: string;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  deleted?: boolean;
}

export async function insertHistorySchedule(db: Db, schedule: HistorySchedule): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('schedules')
    .values({
      id,
      org_id: schedule.orgId,
      name: schedule.name,
      enabled: 0,
      definition: '{}',
      next_execution_at: null,
      created_by: schedule.createdBy,
      created_at: schedule.createdAt,
      updated_at: schedule.updatedAt,
      version: 1,
      deleted: schedule.deleted ? 1 : 0,
    })
    .execute();
  return id;
}

export interface HistoryFiring {
  scheduleId: string;
  orgId: string;
  /** Epoch ms. */
  triggeredAt: number;
  kind?: ScheduleExecutionKind;
  cancelledBy?: string | null;
  collectionTags?: string[];
  versionTags?: string[];
  /** The firing's collections: a run's status id (ENQUEUED), or a state without run. */
  items?: ({ statusId: string } | { state: Exclude<ScheduleItemState, 'ENQUEUED'> })[];
}

export async function insertHistoryFiring(db: Db, firing: HistoryFiring): Promise<string> {
  const id = randomUUID();
  const missed = firing.kind === 'MISSED';
  await db
    .insertInto('schedule_executions')
    .values({
      id,
      schedule_id: firing.scheduleId,
      org_id: firing.orgId,
      kind: firing.kind ?? 'SCHEDULED',
      planned_at: firing.triggeredAt,
      triggered_at: firing.triggeredAt,
      // Never what the summary reports (it aggregates the runs), and never picked up by the scheduler's advance.
      status: missed ? 'MISSED' : 'COMPLETED',
      triggered_by: 'scheduler@example.test',
      cancelled_by: firing.cancelledBy ?? null,
      schedule_name: `Firing of ${firing.scheduleId}`,
      collection_tags: JSON.stringify(firing.collectionTags ?? []),
      version_tags: JSON.stringify(firing.versionTags ?? []),
      runtime: '{}',
      notified_at: null,
    })
    .execute();
  const items = (firing.items ?? []).map((item, position) => ({
    execution_id: id,
    position,
    collection_id: 'collection',
    test_suite_name: `Item ${position}`,
    version_tag: null,
    state: 'statusId' in item ? ('ENQUEUED' as const) : item.state,
    status_id: 'statusId' in item ? item.statusId : null,
  }));
  if (items.length > 0) await db.insertInto('schedule_execution_items').values(items).execute();
  return id;
}
