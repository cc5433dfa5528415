import { quarantinedFailuresOf } from '../quarantine/repository';
import { collectionSchema, RESOURCE_KINDS_OF_TYPE, RESOURCE_KINDS_TEXT } from '../../shared/contracts/collections';
import {
  QUEUE_HINTS,
  type FileRef,
  type LastExecuted,
  type RunDetails,
  type RunningCollection,
  type RunSummary,
  type StepDetail,
  type TestCaseDetail,
} from '../../shared/contracts/runs';
import { isMobileAgentDevice } from '../../shared/contracts/gateway-agents';
import type { Db } from '../db/database';
import { mobileDetails } from '../gateway-agents/mobileDevices';
import type { ResourcesTable } from '../db/schema';
import { triggeredByNameOf, userNamesOf } from './displayNames';
import { parallelsHint } from '../licenses/enforcement';
import { listLogs, listStepResults, parseFileRefs, parseProgress, parseStringList, type RunRow, type StepResultRow } from './repository';

/** The devices a run holds (running) or asked for (queued). */
export function runDevices(run: Pick<RunRow, 'resource_ids' | 'hybrid_device_ids'>): string[] {
  const assigned = parseStringList(run.resource_ids);
  return assigned.length > 0 ? assigned : parseStringList(run.hybrid_device_ids);
}

/**
 * Display names of the devices, for the sidebar and the report; a phone says its OS too ("Pixel 7 (Android 14)"). A
 * queued run without chosen devices takes any of its type.
 */
export async function displayDevicesOf(db: Db, run: RunRow): Promise<string> {
  const devices = runDevices(run);
  if (devices.length === 0) return `Any free ${run.device_type} resource`;
  const rows = await db.selectFrom('resources').select(['device_id', 'device_display_name']).where('device_id', 'in', devices).execute();
  const phones = await mobileDetails(db, devices.filter(isMobileAgentDevice));
  const names = new Map(
    rows.map((row) => {
      const osDisplay = phones.get(row.device_id)?.osDisplay;
      return [row.device_id, osDisplay ? `${row.device_display_name} (${osDisplay})` : row.device_display_name];
    }),
  );
  return devices.map((id) => names.get(id) ?? id).join(', ');
}

/** The resource columns queueHintFor reads; hintSources reads them for every resource. */
export type HintResource = Pick<ResourcesTable, 'device_id' | 'cmd_device_type' | 'plugged_in'>;

function hintResources(db: Db): Promise<HintResource[]> {
  return db.selectFrom('resources').select(['device_id', 'cmd_device_type', 'plugged_in']).execute();
}

/**
 * Why a queued run cannot start however long it waits for a busy resource: no resource it may use (its chosen ones,
 * else those of its resource type) is among `resources`, or none is plugged in. Undefined when one could take it.
 */
export function queueHintFor(
  run: Pick<RunRow, 'state' | 'device_type' | 'hybrid_device_ids'>,
  resources: readonly HintResource[],
): string | undefined {
  if (run.state !== 'QUEUED') return undefined;
  const chosen = parseStringList(run.hybrid_device_ids);
  const deviceType = run.device_type === 'BROWSER' ? 'BROWSER' : 'HYBRID';
  const kinds: readonly string[] = RESOURCE_KINDS_OF_TYPE[deviceType];
  // A phone takes only a run that chose it (allocate() in service.ts).
  const candidates = resources.filter((resource) =>
    chosen.length > 0 ? chosen.includes(resource.device_id) : kinds.includes(resource.cmd_device_type) && resource.cmd_device_type !== 'MOBILE',
  );
  const label = chosen.length > 0 ? 'chosen' : RESOURCE_KINDS_TEXT[deviceType];
  if (candidates.length === 0) return QUEUE_HINTS.noneRegistered(label);
  return candidates.some((resource) => resource.plugged_in === 1) ? undefined : QUEUE_HINTS.nonePluggedIn(label);
}

type HintedRun = Pick<RunRow, 'state' | 'device_type' | 'hybrid_device_ids' | 'org_id'>;

/** What queue hints read, once for all the runs shown: the resources, and each organization's parallel slots. */
export interface HintSources {
  resources: readonly HintResource[];
  parallelsHint(orgId: string): Promise<string | undefined>;
}

/** For a list with no queued run: no hint reads anything. */
export const NO_HINT_SOURCES: HintSources = { resources: [], parallelsHint: () => Promise.resolve(undefined) };

export async function hintSources(db: Db): Promise<HintSources> {
  const resources = await hintResources(db);
  const byOrganization = new Map<string, Promise<string | undefined>>();
  return {
    resources,
    parallelsHint(orgId) {
      const hint = byOrganization.get(orgId) ?? parallelsHint(db, orgId);
      byOrganization.set(orgId, hint);
      return hint;
    },
  };
}

/** queueHintFor against the resources, else the organization's licence's parallel slots all taken. */
async function fullQueueHint(run: HintedRun, sources: HintSources): Promise<string | undefined> {
  if (run.state !== 'QUEUED') return undefined;
  return queueHintFor(run, sources.resources) ?? (await sources.parallelsHint(run.org_id));
}

/** The queue hint against the resources registered now. */
export async function queueHintOf(db: Db, run: HintedRun): Promise<string | undefined> {
  return run.state === 'QUEUED' ? fullQueueHint(run, await hintSources(db)) : undefined;
}

/** `sources` from hintSources, read once for all the runs shown. */
export async function runningCollectionOf(db: Db, run: RunRow, sources: HintSources): Promise<RunningCollection> {
  const queueHint = await fullQueueHint(run, sources);
  return {
    ...parseProgress(run.progress),
    id: run.status_id,
    statusId: run.status_id,
    collectionId: run.collection_id,
    testSuiteName: run.test_suite_name,
    result: run.state,
    displayDevices: await displayDevicesOf(db, run),
    devices: runDevices(run),
    timeSubmitted: run.time_submitted,
    timeStarted: run.time_started,
    ...(queueHint === undefined ? {} : { queueHint }),
  };
}

/** The columns runSummaryOf reads: a list selects them without the run's collection document and progress. */
export const RUN_SUMMARY_COLUMNS = [
  'status_id',
  'collection_id',
  'test_suite_name',
  'state',
  'resource_ids',
  'hybrid_device_ids',
  'triggered_by',
  'schedule_name',
  'schedule_kind',
  'cancelled_by',
  'time_submitted',
  'time_started',
  'time_completed',
] as const satisfies readonly (keyof RunRow)[];

export function runSummaryOf(run: Pick<RunRow, (typeof RUN_SUMMARY_COLUMNS)[number]>): RunSummary {
  return {
    id: run.status_id,
    statusId: run.status_id,
    collectionId: run.collection_id,
    testSuiteName: run.test_suite_name,
    testStatus: run.state,
    devices: runDevices(run),
    triggeredBy: run.triggered_by,
    cancelledBy: run.cancelled_by,
    timeSubmitted: run.time_submitted,
    timeStarted: run.time_started,
    timeCompleted: run.time_completed,
  };
}

function stepDetailOf(row: StepResultRow): StepDetail {
  return {
    stepId: row.step_id,
    stepName: row.step_name,
    tagName: row.action,
    result: row.result,
    errorDetail: row.error_detail,
    validationResult: row.validation_result,
    images: parseFileRefs(row.images),
    attachments: parseFileRefs(row.attachments),
    timeStarted: row.time_started,
    timeCompleted: row.time_completed,
  };
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const resultOf = (rows: readonly StepResultRow[]): 'PASSED' | 'FAILED' =>
  rows.some((row) => row.result === 'FAILED') ? 'FAILED' : 'PASSED';

const imagesOf = (rows: readonly StepResultRow[], predicate: (row: StepResultRow) => boolean): FileRef[] =>
  rows.filter(predicate).flatMap((row) => parseFileRefs(row.images));

const loopsOf = (rows: readonly StepResultRow[]) =>
  [...groupBy(rows, (row) => row.flow_loop).entries()].map(([loop, steps]) => ({ loop, result: resultOf(steps), steps: steps.map(stepDetailOf) }));

/**
 * One entry per flow visit (a flow with its loops), in the order they ran. A retried visit is its last attempt, with
 * the attempts before it in earlierAttempts (issue 29).
 */
export function testCaseDetailsOf(rows: readonly StepResultRow[]): TestCaseDetail[] {
  return [...groupBy(rows, (row) => row.flow_index).values()].map((visit) => {
    const attempts = [...groupBy(visit, (row) => row.attempt).entries()].sort(([a], [b]) => a - b);
    const [attempt, last] = attempts[attempts.length - 1] as [number, StepResultRow[]];
    const first = last[0] as StepResultRow;
    const failed = last.find((row) => row.result === 'FAILED');
    const loops = loopsOf(last);
    const retried =
      attempts.length > 1
        ? {
            attempt,
            earlierAttempts: attempts.slice(0, -1).map(([number, steps]) => ({
              attempt: number,
              result: resultOf(steps),
              testCaseDetailByLoop: loopsOf(steps),
              failureImagesList: imagesOf(steps, (row) => row.result === 'FAILED'),
            })),
          }
        : {};
    return {
      testCaseId: first.flow_id,
      testCaseName: first.flow_name,
      testCaseType: first.flow_type,
      testCaseResult: resultOf(last),
      loop: loops.length,
      failedTestStep: failed?.step_id ?? null,
      testCaseDetailByLoop: loops,
      failureImagesList: imagesOf(last, (row) => row.result === 'FAILED'),
      captureScreenshotSteps: imagesOf(last, (row) => row.action === 'screenshot'),
      ...retried,
    };
  });
}

const failedStepOf = (testCase: TestCaseDetail): StepDetail | undefined =>
  testCase.testCaseDetailByLoop.flatMap((loop) => loop.steps).find((step) => step.result === 'FAILED');

export async function lastExecutedOf(db: Db, run: RunRow): Promise<LastExecuted> {
  const cases = testCaseDetailsOf(await listStepResults(db, run.status_id));
  const failedCases = cases.filter((testCase) => testCase.testCaseResult === 'FAILED');
  return {
    testSuiteName: run.test_suite_name,
    testStatus: run.state,
    testStatusId: run.status_id,
    timeCompleted: run.time_completed,
    failedCases: failedCases.map((testCase) => ({
      testCaseName: testCase.testCaseName,
      testStepIdFailed: testCase.failedTestStep ?? '',
      testStepNameFailed: failedStepOf(testCase)?.stepName ?? '',
    })),
    totalTestCases: cases.length,
    passed: cases.length - failedCases.length,
    failed: failedCases.length,
    isFailed: run.state !== 'PASSED',
  };
}

const scenarioOfSnapshot = collectionSchema.pick({ scenario: true });

export async function runDetailsOf(db: Db, run: RunRow): Promise<RunDetails> {
  return {
    ...runSummaryOf(run),
    displayDevices: await displayDevicesOf(db, run),
    triggeredByName: triggeredByNameOf(run, await userNamesOf(db, [run.triggered_by])),
    scenario: scenarioOfSnapshot.parse(JSON.parse(run.collection)).scenario ?? null,
    progress: parseProgress(run.progress),
    testCaseDetails: testCaseDetailsOf(await listStepResults(db, run.status_id)),
    logsList: await listLogs(db, run.status_id),
    attachments: parseFileRefs(run.attachments),
    quarantinedFailures: await quarantinedFailuresOf(db, run.status_id),
    artifactsRemovedAt: run.artifacts_removed_at,
  };
}
