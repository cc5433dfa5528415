import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { matchesTagSelection, type Collection } from '../../shared/contracts/collections';
import { FINISHED_RUN_STATES, type RUN_STATES } from '../../shared/contracts/runs';
import { SCHEDULE_MESSAGES } from '../../shared/contracts/schedules';
import type { Db } from '../db/database';
import type { ScheduleExecutionKind, ScheduleItemState } from '../db/schema-schedules';
import { findCollection, listCollections } from '../collections/repository';
import { runRefusal } from '../licenses/enforcement';
import { appendLog, insertRun, type RunSchedule } from '../runs/repository';
import { queueFiringFinishedMail, queueWaitInQueueMail } from '../notifications/outbox';
import { overriddenResources, resolveOverrides, resourceOverrideSchema } from './runtimeOverrides';
import type { ScheduleDefinition, ScheduleExecutionRow, ScheduleRow } from './repository';

/** The runtime configuration a firing keeps, so that editing the schedule does not change a firing under way. */
const firingRuntimeSchema = z.object({
  inOrder: z.boolean(),
  /** Minutes a run may wait in the queue before the one notification of the firing; null: no notification. */
  notifyAfterMinutes: z.number().int().nullable(),
  recipients: z.string(),
  /** Override resources with resource variables read when it fired (runtimeOverrides.ts). */
  resourceOverrides: z.array(resourceOverrideSchema).default([]),
  /** Every step's timeout in ms; null keeps the steps' own timeouts. */
  stepTimeoutMs: z.number().int().nullable(),
  /** Override Datasource: the data row's values, which every run of the firing starts with as `${name}`; null: none. */
  dataVariables: z.record(z.string(), z.string()).nullable().default(null),
  /** Retries of a failed flow for every run of the firing; null keeps each collection's own (firings before 0026). */
  retries: z.number().int().nullable().default(null),
});
export type FiringRuntime = z.infer<typeof firingRuntimeSchema>;

type RunState = (typeof RUN_STATES)[number];
const FINISHED: readonly RunState[] = FINISHED_RUN_STATES;

/** The runtime configuration without what the overrides name (resolveOverrides reads that when the schedule fires). */
export function firingRuntimeOf(definition: ScheduleDefinition): FiringRuntime {
  return {
    inOrder: definition.inOrder,
    notifyAfterMinutes: definition.notifyOnWaitInQueue ? definition.waitInMinutesBeforeNotify : null,
    recipients: definition.scheduleNotifyEmails,
    resourceOverrides: [],
    stepTimeoutMs: definition.overrideStepTimeout ? definition.stepTimeout : null,
    dataVariables: null,
    retries: definition.retries,
  };
}

export interface PlannedCollection {
  collectionId: string;
  name: string;
  version: string | null;
  /** The collection as planned; absent when it cannot run. */
  collection?: Collection;
  /** Set when the collection cannot run (it no longer exists). */
  skipReason?: string;
}

/**
 * The collections a firing runs, in order: COLLECTION takes testStatusIdList as listed; TAG_COLLECTION takes the live
 * collections matching the tags now (the selector's rule, matchesTagSelection), by name, narrowed to
 * customTestStatusIdList when customCollections is on.
 */
export async function plannedCollections(db: Db, definition: ScheduleDefinition, orgId: string): Promise<PlannedCollection[]> {
  if (definition.scheduleType === 'COLLECTION') {
    const planned: PlannedCollection[] = [];
    for (const id of new Set(definition.testStatusIdList)) {
      const collection = await findCollection(db, id, orgId);
      planned.push(
        collection
          ? { collectionId: collection.id, name: collection.testSuiteName, version: collection.version, collection }
          : { collectionId: id, name: id, version: null, skipReason: SCHEDULE_MESSAGES.collectionGone(id) },
      );
    }
    return planned;
  }
  const custom = new Set(definition.customTestStatusIdList);
  return (await listCollections(db, { orgId }))
    .filter((collection) => matchesTagSelection(collection, definition.collectionTags, definition.versionTags))
    .filter((collection) => !definition.customCollections || custom.has(collection.id))
    .sort((a, b) => a.testSuiteName.localeCompare(b.testSuiteName))
    .map((collection) => ({ collectionId: collection.id, name: collection.testSuiteName, version: collection.version, collection }));
}

export async function addNote(db: Db, executionId: string, at: number, text: string): Promise<void> {
  await db.insertInto('schedule_notes').values({ execution_id: executionId, at, kind: 'NOTE', text, recipients: '' }).execute();
}

/**
 * The collection as this firing runs it: override pairs replace the resources the collection asks for (a pair it does
 * not use is noted), and an overridden step timeout becomes every step's timeout (the executor applies each step's timeoutMs).
 */
function applyRuntime(collection: Collection, runtime: FiringRuntime, note: (text: string) => void): Collection {
  const hybridDeviceIds = overriddenResources(collection, runtime.resourceOverrides, note);
  const retries = runtime.retries ?? collection.retries;
  const timeoutMs = runtime.stepTimeoutMs;
  if (timeoutMs === null) return { ...collection, hybridDeviceIds, retries };
  const withTimeout = (flows: Collection['testCases']) =>
    flows.map((flow) => ({ ...flow, steps: flow.steps.map((step) => ({ ...step, timeoutMs })) }));
  return {
    ...collection,
    hybridDeviceIds,
    retries,
    testCases: withTimeout(collection.testCases),
    initTestSteps: withTimeout(collection.initTestSteps),
    postTestSteps: withTimeout(collection.postTestSteps),
  };
}

interface ItemWithRun {
  id: number;
  position: number;
  collection_id: string;
  test_suite_name: string;
  state: ScheduleItemState;
  status_id: string | null;
  run_state: RunState | null;
}

const ACTIVE_STATUSES = ['QUEUED', 'RUNNING'] as const;

/** Firings' items with their runs' states. */
const itemsQuery = (db: Db) =>
  db
    .selectFrom('schedule_execution_items as item')
    .leftJoin('runs', 'runs.status_id', 'item.status_id')
    .select([
      'item.id',
      'item.execution_id',
      'item.position',
      'item.collection_id',
      'item.test_suite_name',
      'item.state',
      'item.status_id',
      'runs.state as run_state',
    ])
    .orderBy('item.execution_id')
    .orderBy('item.position');

type ItemOfExecution = ItemWithRun & { execution_id: string };

function itemsOf(db: Db, executionId: string): Promise<ItemOfExecution[]> {
  return itemsQuery(db).where('item.execution_id', '=', executionId).execute();
}

/** The items of every firing under way, by firing. */
async function activeItemsByExecution(db: Db): Promise<Map<string, ItemOfExecution[]>> {
  const items = await itemsQuery(db)
    .innerJoin('schedule_executions as firing', 'firing.id', 'item.execution_id')
    .where('firing.status', 'in', ACTIVE_STATUSES)
    .execute();
  const byExecution = new Map<string, ItemOfExecution[]>();
  for (const item of items) {
    const list = byExecution.get(item.execution_id);
    if (list) list.push(item);
    else byExecution.set(item.execution_id, [item]);
  }
  return byExecution;
}

const isFinished = (item: ItemWithRun): boolean =>
  item.state === 'SKIPPED' || (item.state === 'ENQUEUED' && item.run_state !== null && FINISHED.includes(item.run_state));

/** The schedule a firing's runs name; a firing that queues runs is never a MISSED one. */
function runScheduleOf(execution: ScheduleExecutionRow): RunSchedule {
  if (execution.kind === 'MISSED') throw new Error(`Firing ${execution.id} was missed: it queues no run`);
  return { name: execution.schedule_name, kind: execution.kind };
}

/** Queues the run of one planned collection of the firing, in the caller's transaction; answers the item as it is now. */
async function enqueueItem(trx: Db, execution: ScheduleExecutionRow, runtime: FiringRuntime, item: ItemWithRun, now: number): Promise<ItemWithRun> {
  const collection = await findCollection(trx, item.collection_id, execution.org_id);
  if (!collection) {
    await trx.updateTable('schedule_execution_items').set({ state: 'SKIPPED' }).where('id', '=', item.id).execute();
    await addNote(trx, execution.id, now, SCHEDULE_MESSAGES.collectionGone(item.collection_id));
    return { ...item, state: 'SKIPPED' };
  }
  const notes: string[] = [];
  const variables = runtime.dataVariables ?? {};
  const author = { orgId: execution.org_id, userId: execution.triggered_by, schedule: runScheduleOf(execution) };
  const run = await insertRun(trx, applyRuntime(collection, runtime, (text) => notes.push(text)), author, variables);
  await appendLog(trx, run.status_id, `Queued by schedule ${execution.schedule_name} for ${execution.triggered_by}`);
  if (runtime.stepTimeoutMs !== null) await appendLog(trx, run.status_id, `Every step's timeout is ${runtime.stepTimeoutMs} ms (schedule override)`);
  if (runtime.retries !== null) await appendLog(trx, run.status_id, `A failed flow is retried up to ${runtime.retries} time(s) (schedule override)`);
  if (runtime.dataVariables !== null) {
    await appendLog(trx, run.status_id, `Starts with the data row's variables ${Object.keys(variables).join(', ')} (schedule override)`);
  }
  for (const text of notes) await addNote(trx, execution.id, now, text);
  await trx.updateTable('schedule_execution_items').set({ state: 'ENQUEUED', status_id: run.status_id }).where('id', '=', item.id).execute();
  return { ...item, state: 'ENQUEUED', status_id: run.status_id, run_state: run.state };
}

const parseRuntime = (execution: ScheduleExecutionRow): FiringRuntime => firingRuntimeSchema.parse(JSON.parse(execution.runtime));

/** The collections whose turn has come: all pending ones at once, or in order the first unfinished one when pending. */
function dueItems(runtime: FiringRuntime, items: readonly ItemWithRun[]): ItemWithRun[] {
  if (!runtime.inOrder) return items.filter((item) => item.state === 'PENDING');
  const turn = items.find((item) => !isFinished(item));
  return turn?.state === 'PENDING' ? [turn] : [];
}

/** A collection waits in the queue from the firing until its run starts, also while it waits for its turn in order. */
const isWaiting = (item: ItemWithRun): boolean => item.state === 'PENDING' || item.run_state === 'QUEUED';

/**
 * The collection the one wait-in-queue notification names, once the firing waited longer than the schedule allows;
 * PENDING time counts as the queue table counts it (docs/decisions.md, Schedules server).
 */
function lateItem(execution: ScheduleExecutionRow, runtime: FiringRuntime, items: readonly ItemWithRun[], now: number): ItemWithRun | undefined {
  if (runtime.notifyAfterMinutes === null || execution.notified_at !== null) return undefined;
  if (execution.triggered_at >= now - runtime.notifyAfterMinutes * 60_000) return undefined;
  return items.find(isWaiting);
}

function statusOf(execution: ScheduleExecutionRow, items: readonly ItemWithRun[]): ScheduleExecutionRow['status'] {
  if (items.every(isFinished)) return execution.cancelled_by === null ? 'COMPLETED' : 'CANCELLED';
  return items.some((item) => item.run_state !== null && item.run_state !== 'QUEUED') ? 'RUNNING' : 'QUEUED';
}

/** Whether advanceExecution would change anything: the tick opens a transaction only for such firings. */
function needsAdvance(execution: ScheduleExecutionRow, items: readonly ItemWithRun[], hasQueueRow: boolean, now: number): boolean {
  const runtime = parseRuntime(execution);
  return (
    dueItems(runtime, items).length > 0 ||
    (hasQueueRow && !items.some(isWaiting)) ||
    lateItem(execution, runtime, items, now) !== undefined ||
    statusOf(execution, items) !== execution.status
  );
}

/**
 * Moves one firing on, in the caller's transaction: queues the collections whose turn has come (all at once, or in
 * order one after another when the previous one finished), records the one wait-in-queue notification, drops the
 * queued-schedule row when nothing is left in the queue, and settles the firing's status. Answers whether a run was queued.
 */
async function advanceExecution(trx: Db, execution: ScheduleExecutionRow, items: ItemWithRun[], now: number): Promise<boolean> {
  const runtime = parseRuntime(execution);
  const due = dueItems(runtime, items);
  const updated = new Map<number, ItemWithRun>();
  for (const item of due) updated.set(item.id, await enqueueItem(trx, execution, runtime, item, now));
  const current = items.map((item) => updated.get(item.id) ?? item);

  if (!current.some(isWaiting)) await trx.deleteFrom('queued_schedules').where('execution_id', '=', execution.id).execute();

  const late = lateItem(execution, runtime, current, now);
  if (late && runtime.notifyAfterMinutes !== null) {
    await trx
      .insertInto('schedule_notes')
      .values({
        execution_id: execution.id,
        at: now,
        kind: 'NOTIFICATION',
        text: SCHEDULE_MESSAGES.waitedInQueue(late.test_suite_name, runtime.notifyAfterMinutes),
        recipients: runtime.recipients,
      })
      .execute();
    await trx.updateTable('schedule_executions').set({ notified_at: now }).where('id', '=', execution.id).execute();
    await queueWaitInQueueMail(trx, execution, late.test_suite_name, runtime.notifyAfterMinutes, runtime.recipients, now);
  }

  const status = statusOf(execution, current);
  if (status !== execution.status) await trx.updateTable('schedule_executions').set({ status }).where('id', '=', execution.id).execute();
  if (status !== execution.status && (status === 'COMPLETED' || status === 'CANCELLED')) {
    await queueFiringFinishedMail(trx, execution, status, runtime.recipients, now);
  }
  return due.length > 0;
}

/**
 * Moves every firing still under way on (see advanceExecution); `justFired` are skipped. One read finds the firings
 * with something to do; each of those is advanced in its own transaction that re-reads it, so a cancel in between is
 * seen. Firings that only wait cost no write, however many there are. Answers whether any run was queued.
 */
export async function advanceExecutions(db: Db, now: number, justFired: ReadonlySet<string> = new Set()): Promise<boolean> {
  const active = await db
    .selectFrom('schedule_executions as execution')
    .leftJoin('queued_schedules as queue', 'queue.execution_id', 'execution.id')
    .selectAll('execution')
    .select('queue.id as queue_row_id')
    .where('execution.status', 'in', ACTIVE_STATUSES)
    .execute();
  const itemsByExecution = await activeItemsByExecution(db);
  let queued = false;
  for (const { queue_row_id: queueRowId, ...execution } of active) {
    // fireSchedule advanced these in their own transaction a moment ago.
    if (justFired.has(execution.id)) continue;
    if (!needsAdvance(execution, itemsByExecution.get(execution.id) ?? [], queueRowId !== null, now)) continue;
    const advanced = await db.transaction().execute(async (trx) => {
      const fresh = await trx.selectFrom('schedule_executions').selectAll().where('id', '=', execution.id).executeTakeFirstOrThrow();
      return advanceExecution(trx, fresh, await itemsOf(trx, execution.id), now);
    });
    queued ||= advanced;
  }
  return queued;
}

export interface Firing {
  kind: Exclude<ScheduleExecutionKind, 'MISSED'>;
  plannedAt: number | null;
  triggeredBy: string;
}

/**
 * Fires the schedule in the caller's transaction: a history row, its planned collections, a queued-schedule row, and the
 * first runs queued (all, or the first one in order). The caller advances the schedule's next execution in the same
 * transaction, so a restart neither fires it twice nor loses it.
 */
export async function fireSchedule(trx: Db, schedule: ScheduleRow, definition: ScheduleDefinition, firing: Firing, now: number): Promise<string> {
  // The organization's licence refuses new runs (expired, credit spent): the firing is kept, as not run, with the reason.
  const refusal = await runRefusal(trx, schedule.org_id, now);
  if (refusal !== undefined) return recordRefused(trx, schedule, definition, firing, refusal, now);
  const planned = await plannedCollections(trx, definition, schedule.org_id);
  const overrideNotes: string[] = [];
  const overrides = await resolveOverrides(trx, definition, schedule.org_id, (text) => overrideNotes.push(text));
  const execution: ScheduleExecutionRow = {
    id: randomUUID(),
    schedule_id: schedule.id,
    org_id: schedule.org_id,
    kind: firing.kind,
    planned_at: firing.plannedAt,
    triggered_at: now,
    status: 'QUEUED',
    triggered_by: firing.triggeredBy,
    cancelled_by: null,
    schedule_name: schedule.name,
    collection_tags: JSON.stringify(definition.scheduleType === 'TAG_COLLECTION' ? definition.collectionTags : []),
    version_tags: JSON.stringify(definition.scheduleType === 'TAG_COLLECTION' ? definition.versionTags : []),
    runtime: JSON.stringify({ ...firingRuntimeOf(definition), ...overrides }),
    notified_at: null,
  };
  await trx.insertInto('schedule_executions').values(execution).execute();
  if (firing.kind === 'CATCH_UP') await addNote(trx, execution.id, now, SCHEDULE_MESSAGES.caughtUp);
  for (const text of overrideNotes) await addNote(trx, execution.id, now, text);
  if (planned.length === 0) await addNote(trx, execution.id, now, SCHEDULE_MESSAGES.noCollections);
  const items: ItemWithRun[] = [];
  for (const [position, collection] of planned.entries()) {
    const values = {
      execution_id: execution.id,
      position,
      collection_id: collection.collectionId,
      test_suite_name: collection.name,
      version_tag: collection.version,
      state: collection.skipReason ? ('SKIPPED' as const) : ('PENDING' as const),
      status_id: null,
    };
    const { id } = await trx.insertInto('schedule_execution_items').values(values).returning('id').executeTakeFirstOrThrow();
    items.push({ ...values, id, run_state: null });
    if (collection.skipReason) await addNote(trx, execution.id, now, collection.skipReason);
  }
  await trx.insertInto('queued_schedules').values({ id: randomUUID(), execution_id: execution.id, org_id: schedule.org_id, created_at: now }).execute();
  await advanceExecution(trx, execution, items, now);
  return execution.id;
}

/** The columns of a firing that queued nothing (missed, or refused by the licence). */
function notRunExecution(schedule: ScheduleRow, definition: ScheduleDefinition, now: number) {
  return {
    schedule_id: schedule.id,
    org_id: schedule.org_id,
    triggered_at: now,
    status: 'MISSED' as const,
    triggered_by: schedule.created_by,
    cancelled_by: null,
    schedule_name: schedule.name,
    collection_tags: '[]',
    version_tags: '[]',
    runtime: JSON.stringify(firingRuntimeOf(definition)),
    notified_at: null,
  };
}

/** A firing the organization's licence refused: a history row that queued nothing (status MISSED), its reason as note. */
async function recordRefused(trx: Db, schedule: ScheduleRow, definition: ScheduleDefinition, firing: Firing, reason: string, now: number): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('schedule_executions')
    .values({
      ...notRunExecution(schedule, definition, now),
      id,
      kind: firing.kind,
      planned_at: firing.plannedAt,
      triggered_by: firing.triggeredBy,
    })
    .execute();
  await addNote(trx, id, now, reason);
  return id;
}

/** Records planned executions that did not fire (the server was down): one history row for the whole stretch. */
export async function recordMissed(
  trx: Db,
  schedule: ScheduleRow,
  definition: ScheduleDefinition,
  missed: { first: number; last: number; count: number; atLeast: boolean },
  now: number,
): Promise<void> {
  const { first, last, count } = missed;
  const id = randomUUID();
  await trx
    .insertInto('schedule_executions')
    .values({ ...notRunExecution(schedule, definition, now), id, kind: 'MISSED', planned_at: first })
    .execute();
  const span = first === last ? new Date(first).toISOString() : `${new Date(first).toISOString()} to ${new Date(last).toISOString()}`;
  await addNote(trx, id, now, `${SCHEDULE_MESSAGES.missed}: ${missed.atLeast ? 'at least ' : ''}${count} execution(s), ${span}`);
}
