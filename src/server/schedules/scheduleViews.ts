import { z } from 'zod';
import type { Collection } from '../../shared/contracts/collections';
import type {
  ExecutableTestSuite,
  QueuedSchedule,
  ScheduleDevice,
  ScheduleExecution,
  TestSuiteExecution,
} from '../../shared/contracts/schedules';
import type { Db } from '../db/database';
import { listCollections } from '../collections/repository';
import { deviceNamesOf, durationOf, epochOf, namedDevices, nameOf, triggeredByNameOf, userNamesOf } from '../runs/displayNames';
import { runDevices } from '../runs/runViews';
import { plannedCollections } from './firing';
import type { ScheduleExecutionRow, ScheduleRow } from './repository';
import { parseDefinition } from './repository';

const tagIdsSchema = z.array(z.string());

async function countItems(db: Db, executionIds: readonly string[]): Promise<Map<string, number>> {
  if (executionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('schedule_execution_items')
    .select((eb) => ['execution_id', eb.fn.countAll<number>().as('count')])
    .where('execution_id', 'in', executionIds)
    .groupBy('execution_id')
    .execute();
  return new Map(rows.map((row) => [row.execution_id, Number(row.count)]));
}

/** The schedule's latest firings, newest first, with their notes and notifications. */
export async function executionHistoryOf(db: Db, scheduleId: string, limit: number): Promise<ScheduleExecution[]> {
  const executions = await db
    .selectFrom('schedule_executions')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('triggered_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return describeExecutions(db, executions);
}

/** History entries of firings, with their collection counts and notes. */
export async function describeExecutions(db: Db, executions: readonly ScheduleExecutionRow[]): Promise<ScheduleExecution[]> {
  const ids = executions.map((execution) => execution.id);
  const totals = await countItems(db, ids);
  const notes =
    ids.length === 0
      ? []
      : await db.selectFrom('schedule_notes').select(['execution_id', 'at', 'text']).where('execution_id', 'in', ids).orderBy('id').execute();
  return executions.map((execution) => toExecution(execution, totals.get(execution.id) ?? 0, notes));
}

function toExecution(
  execution: ScheduleExecutionRow,
  totalCollections: number,
  notes: readonly { execution_id: string; at: number; text: string }[],
): ScheduleExecution {
  return {
    id: execution.id,
    scheduleId: execution.schedule_id,
    kind: execution.kind,
    plannedAt: execution.planned_at,
    triggeredAt: execution.triggered_at,
    status: execution.status,
    totalCollections,
    notes: notes.filter((note) => note.execution_id === execution.id).map(({ at, text }) => ({ at, text })),
  };
}

export function findExecution(db: Db, executionId: string, orgId: string): Promise<ScheduleExecutionRow | undefined> {
  return db.selectFrom('schedule_executions').selectAll().where('id', '=', executionId).where('org_id', '=', orgId).executeTakeFirst();
}

/** What the Collection Execution modal shows of one firing of the organization; undefined when it has none of that id. */
export async function executionDetailsPayloadOf(
  db: Db,
  executionId: string,
  orgId: string,
): Promise<{ execution: ScheduleExecution; scheduleName: string; collections: TestSuiteExecution[] } | undefined> {
  const execution = await findExecution(db, executionId, orgId);
  if (!execution) return undefined;
  const [entry] = await describeExecutions(db, [execution]);
  if (!entry) return undefined;
  return { execution: entry, scheduleName: execution.schedule_name, collections: await executionDetailsOf(db, execution) };
}

/** The Control Room queue: firings with collections still queued or waiting for their turn, newest first. */
export async function scheduleQueueOf(db: Db, orgId: string): Promise<QueuedSchedule[]> {
  const rows = await db
    .selectFrom('queued_schedules as queued')
    .innerJoin('schedule_executions as execution', 'execution.id', 'queued.execution_id')
    .select([
      'queued.id',
      'queued.created_at',
      'execution.id as execution_id',
      'execution.schedule_id',
      'execution.schedule_name',
      'execution.collection_tags',
      'execution.version_tags',
    ])
    .where('queued.org_id', '=', orgId)
    .orderBy('queued.created_at', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('schedule_execution_items as item')
    .leftJoin('runs', 'runs.status_id', 'item.status_id')
    .select(['item.execution_id', 'item.state', 'runs.state as run_state'])
    .where(
      'item.execution_id',
      'in',
      rows.map((row) => row.execution_id),
    )
    .execute();
  return rows.map((row) => {
    const own = items.filter((item) => item.execution_id === row.execution_id);
    return {
      id: row.id,
      scheduleId: row.schedule_id,
      scheduleExecutionHistoryId: row.execution_id,
      name: row.schedule_name,
      collectionTags: tagIdsSchema.parse(JSON.parse(row.collection_tags)),
      versionTags: tagIdsSchema.parse(JSON.parse(row.version_tags)),
      collectionsInQueue: own.filter((item) => item.state === 'PENDING' || item.run_state === 'QUEUED').length,
      totalCollections: own.length,
      startTime: row.created_at,
    };
  });
}

/** The Collection Execution rows of one firing, in the firing's order. */
export async function executionDetailsOf(db: Db, execution: ScheduleExecutionRow): Promise<TestSuiteExecution[]> {
  const items = await db
    .selectFrom('schedule_execution_items as item')
    .leftJoin('runs', 'runs.status_id', 'item.status_id')
    .select(['item.position', 'item.collection_id', 'item.test_suite_name', 'item.version_tag', 'item.state', 'item.status_id'])
    .select(['runs.state as run_state', 'runs.triggered_by', 'runs.cancelled_by', 'runs.time_started', 'runs.time_completed'])
    .select(['runs.resource_ids', 'runs.hybrid_device_ids'])
    .where('item.execution_id', '=', execution.id)
    .orderBy('item.position')
    .execute();
  // The resources the run holds or held, else the ones it asked for; none before the collection is queued.
  const rows = items.map((item) => ({
    item,
    devices: runDevices({ resource_ids: item.resource_ids ?? '[]', hybrid_device_ids: item.hybrid_device_ids ?? '[]' }),
    triggeredBy: item.triggered_by ?? execution.triggered_by,
    cancelledBy: item.cancelled_by ?? (item.state === 'SKIPPED' ? execution.cancelled_by : null),
  }));
  const deviceNames = await deviceNamesOf(db, rows.flatMap((row) => row.devices));
  const userNames = await userNamesOf(db, rows.flatMap((row) => [row.triggeredBy, row.cancelledBy]));
  return rows.map(({ item, devices, triggeredBy, cancelledBy }) => {
    const started = epochOf(item.time_started);
    const completed = epochOf(item.time_completed);
    return {
      id: item.status_id,
      position: item.position,
      collectionId: item.collection_id,
      testSuiteName: item.test_suite_name,
      versionTag: item.version_tag,
      // Every collection of the firing names the schedule, also the ones not queued yet.
      userTriggeredName: triggeredByNameOf({ triggered_by: triggeredBy, schedule_name: execution.schedule_name, schedule_kind: execution.kind }, userNames),
      userCancelledName: cancelledBy === null ? null : nameOf(userNames, cancelledBy),
      result: item.run_state ?? (item.state === 'PENDING' ? 'PENDING' : 'SKIPPED'),
      devices: namedDevices(devices, deviceNames),
      timeStarted: started,
      timeCompleted: completed,
      duration: durationOf(started, completed),
    };
  });
}

/** Executable test suites (§3): every live collection by name, its version tag id ('' without one) and tags. */
export async function executableTestSuitesOf(db: Db, orgId: string): Promise<ExecutableTestSuite[]> {
  const suites = new Map<string, ExecutableTestSuite>();
  for (const collection of await listCollections(db, { orgId })) {
    const suite = suites.get(collection.testSuiteName) ?? { testSuiteName: collection.testSuiteName, versionTags: {} };
    suite.versionTags[collection.version ?? ''] = { statusId: collection.id, collectionTags: collection.tags };
    suites.set(collection.testSuiteName, suite);
  }
  return [...suites.values()].sort((a, b) => a.testSuiteName.localeCompare(b.testSuiteName));
}

/** The resources the collections ask for (hybridDeviceIds), each with the collections asking: the choices of an override pair's current resource. */
export async function collectionDevicesOf(db: Db, collections: readonly Collection[]): Promise<ScheduleDevice[]> {
  const resources = await db.selectFrom('resources').select(['device_id', 'device_display_name', 'cmd_device_type']).execute();
  const known = new Map(resources.map((resource) => [resource.device_id, resource]));
  const devices = new Map<string, ScheduleDevice>();
  for (const collection of collections) {
    for (const [deviceId, name] of Object.entries(collection.hybridDeviceIds)) {
      const resource = known.get(deviceId);
      const device = devices.get(deviceId) ?? {
        deviceId,
        deviceType: resource?.cmd_device_type ?? collection.deviceType,
        deviceName: resource?.device_display_name ?? name,
        testStatusIds: [],
      };
      device.testStatusIds.push(collection.id);
      devices.set(deviceId, device);
    }
  }
  return [...devices.values()];
}

/** The resources the schedule's collections ask for. */
export async function scheduleDevicesOf(db: Db, row: ScheduleRow): Promise<ScheduleDevice[]> {
  const planned = await plannedCollections(db, parseDefinition(row), row.org_id);
  return collectionDevicesOf(db, planned.flatMap((entry) => entry.collection ?? []));
}
