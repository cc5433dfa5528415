import { http, HttpResponse } from 'msw';
import {
  executionHistoryRowSchema,
  runSearchSchema,
  scheduleSummaryRowSchema,
  SEARCH_STATUS_STATES,
  summarySearchSchema,
  testSuiteSummaryRowSchema,
  type ExecutionHistoryRow,
  type RunSearch,
  type ScheduleSummaryRow,
  type SummarySearch,
  type TestSuiteSummaryRow,
} from '../../src/shared/contracts/operations';
import { queuedTestSchema, RUN_MESSAGES } from '../../src/shared/contracts/runs';
import type { ScheduleExecution, TestSuiteExecution } from '../../src/shared/contracts/schedules';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

type QueuedRun = ReturnType<typeof queuedTestSchema.parse>;
type FiringDetails = { execution: ScheduleExecution; scheduleName: string; collections: TestSuiteExecution[] };

const HOUR_MS = 3_600_000;

/** A finished run as the history search answers it: a failed one completed an hour ago unless overridden. */
export function makeHistoryRow(overrides: Partial<ExecutionHistoryRow> = {}): ExecutionHistoryRow {
  const statusId = overrides.statusId ?? nextId('run');
  const completed = Date.now() - HOUR_MS;
  return executionHistoryRowSchema.parse({
    id: statusId,
    statusId,
    collectionId: 'c1',
    testSuiteName: 'Demo_Sign_In',
    testStatus: 'FAILED',
    devices: ['browser-1'],
    triggeredBy: 'user-1',
    cancelledBy: null,
    timeSubmitted: new Date(completed - 70_000).toISOString(),
    timeStarted: new Date(completed - 65_000).toISOString(),
    timeCompleted: new Date(completed).toISOString(),
    versionTag: null,
    userTriggeredName: 'Ada Admin',
    userCancelledName: null,
    deviceNames: { 'browser-1': 'Browser 1' },
    duration: 65_000,
    ...overrides,
  });
}

export function makeQueuedRun(overrides: Partial<QueuedRun> = {}): QueuedRun {
  return queuedTestSchema.parse({ id: nextId('queued-run'), testSuiteName: 'Demo_Sign_In', devices: ['browser-1'], timeTriggered: new Date().toISOString(), ...overrides });
}

export function makeScheduleSummaryRow(overrides: Partial<ScheduleSummaryRow> = {}): ScheduleSummaryRow {
  return scheduleSummaryRowSchema.parse({
    id: nextId('firing'),
    scheduleId: 'schedule-1',
    executionType: 'SCHEDULED',
    scheduleName: 'Nightly',
    collectionTags: [],
    versionTags: [],
    cancelledBy: null,
    status: 'PASSED',
    startTime: new Date(Date.now() - HOUR_MS).toISOString(),
    createdBy: 'Ada Admin',
    createdDate: '2026-01-01T09:00:00.000Z',
    updatedBy: 'Ada Admin',
    updatedDate: '2026-01-02T09:00:00.000Z',
    totalCollections: 2,
    passed: 2,
    failed: 0,
    ...overrides,
  });
}

export function makeTestSuiteSummaryRow(overrides: Partial<TestSuiteSummaryRow> = {}): TestSuiteSummaryRow {
  return testSuiteSummaryRowSchema.parse({
    id: nextId('collection'),
    name: 'Demo_Sign_In',
    tags: [],
    version: null,
    createdBy: 'Ada Admin',
    createdDate: '2026-01-01T09:00:00.000Z',
    updatedBy: 'Ada Admin',
    updatedDate: '2026-01-02T09:00:00.000Z',
    status: 'PASSED',
    runs: 3,
    passed: 2,
    failed: 1,
    lastRunAt: new Date(Date.now() - HOUR_MS).toISOString(),
    ...overrides,
  });
}

type Call = 'search' | 'queue' | 'cancel' | 'scheduleSummary' | 'testSuiteSummary' | 'detail' | 'report';

export interface OperationsBackendOptions {
  /** The run history the search filters, sorts (time completed, newest first) and pages. */
  history?: ExecutionHistoryRow[];
  queue?: QueuedRun[];
  scheduleSummary?: ScheduleSummaryRow[];
  testSuiteSummary?: TestSuiteSummaryRow[];
  /** scheduleSummaryDetail answers, by firing id. */
  firings?: Record<string, FiringDetails>;
  /** Answer these calls with this status and message instead. */
  failures?: Partial<Record<Call, { status: number; message: string }>>;
}

/** Requests the fake received, for assertions. */
export interface OperationsCalls {
  searches: RunSearch[];
  queueReads: number;
  cancels: URLSearchParams[];
  scheduleSummaries: SummarySearch[];
  testSuiteSummaries: SummarySearch[];
  reports: URLSearchParams[];
}

const within = (instant: string | null, search: RunSearch) =>
  instant !== null && (!search.dateStart || instant >= search.dateStart) && (!search.dateEnd || instant <= search.dateEnd);

/** Compares ISO instants in any offset. */
const normalised = (search: RunSearch): RunSearch => ({
  ...search,
  dateStart: search.dateStart && new Date(search.dateStart).toISOString(),
  dateEnd: search.dateEnd && new Date(search.dateEnd).toISOString(),
});

/** A stateful fake of the Operations Centre calls (part 2 §7 Operations Centre) answering with the contract schemas. */
export function operationsBackend({ history = [], queue = [], scheduleSummary = [], testSuiteSummary = [], firings = {}, failures = {} }: OperationsBackendOptions = {}) {
  const state = { history: [...history], queue: [...queue] };
  const calls: OperationsCalls = { searches: [], queueReads: 0, cancels: [], scheduleSummaries: [], testSuiteSummaries: [], reports: [] };
  const fail = (call: Call) => {
    const failure = failures[call];
    return failure ? errorResponse(failure.status, failure.message) : null;
  };
  const summary = async (request: Request, into: SummarySearch[]) => {
    const parsed = summarySearchSchema.safeParse(await request.json());
    if (!parsed.success) return errorResponse(400, 'The search is not valid', Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
    into.push(parsed.data);
    return null;
  };

  const handlers = [
    http.get(anyOrigin(endpoints.runs.search), ({ request }) => {
      const parsed = runSearchSchema.safeParse(JSON.parse(new URL(request.url).searchParams.get('data') ?? '{}'));
      if (!parsed.success) return errorResponse(400, 'data: the search is not valid.', { data: ['invalid'] });
      calls.searches.push(parsed.data);
      const failure = fail('search');
      if (failure) return failure;
      const search = normalised(parsed.data);
      const states: readonly string[] = search.status ? SEARCH_STATUS_STATES[search.status] : [];
      const matching = state.history
        .filter((row) => states.length === 0 || states.includes(row.testStatus))
        .filter((row) => !search.deviceId || row.devices.includes(search.deviceId))
        .filter((row) => !search.collectionName || row.testSuiteName.toLowerCase().includes(search.collectionName.toLowerCase()))
        .filter((row) => within(row.timeCompleted && new Date(row.timeCompleted).toISOString(), search))
        .sort((a, b) => Date.parse(b.timeCompleted ?? '') - Date.parse(a.timeCompleted ?? ''));
      const page = search.page ?? 1;
      const pageSize = search.pageSize ?? 100;
      return HttpResponse.json({ success: true, data: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize });
    }),
    http.get(anyOrigin(endpoints.runs.queued), () => {
      calls.queueReads += 1;
      return fail('queue') ?? HttpResponse.json({ success: true, data: state.queue });
    }),
    http.post(anyOrigin(endpoints.runs.cancelQueued), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      calls.cancels.push(form);
      const failure = fail('cancel');
      if (failure) return failure;
      const ids = form.get('all') === 'true' ? state.queue.map((run) => run.id) : form.getAll('statusIds');
      const cancelled = state.queue.filter((run) => ids.includes(run.id));
      if (cancelled.length === 0) return errorResponse(404, `No queued collection run with status id ${ids.join(', ')}.`);
      state.queue = state.queue.filter((run) => !ids.includes(run.id));
      const message = cancelled.length > 1 ? RUN_MESSAGES.allQueuedCancelled : RUN_MESSAGES.queuedCancelled;
      return HttpResponse.json({ success: true, message, cancelled: cancelled.length });
    }),
    http.post(anyOrigin(endpoints.summaryReports.scheduleSummary), async ({ request }) => {
      const refused = await summary(request, calls.scheduleSummaries);
      return refused ?? fail('scheduleSummary') ?? HttpResponse.json({ success: true, message: '', data: scheduleSummary });
    }),
    http.post(anyOrigin(endpoints.summaryReports.testSuiteSummary), async ({ request }) => {
      const refused = await summary(request, calls.testSuiteSummaries);
      return refused ?? fail('testSuiteSummary') ?? HttpResponse.json({ success: true, message: '', data: testSuiteSummary });
    }),
    http.get(anyOrigin(endpoints.summaryReports.scheduleSummaryDetail), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      const details = firings[id];
      return fail('detail') ?? (details ? HttpResponse.json({ success: true, message: '', data: details }) : errorResponse(404, `Schedule execution ${id} not found`));
    }),
    http.get(anyOrigin(endpoints.runs.scheduleReport), ({ request }) => {
      calls.reports.push(new URL(request.url).searchParams);
      return fail('report') ?? new HttpResponse(new Blob(['zip']), { headers: { 'Content-Type': 'application/zip' } });
    }),
  ];

  return { state, calls, handlers };
}

/** Defaults of the unit project: an empty Operations Centre. */
export const operationsHandlers = operationsBackend().handlers;
