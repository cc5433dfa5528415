import { http, HttpResponse } from 'msw';
import {
  queuedScheduleSchema,
  saveScheduleSchema,
  SCHEDULE_MESSAGES,
  scheduleIdBodySchema,
  scheduleSchema,
  testSuiteExecutionSchema,
  type ExecutableTestSuite,
  type QueuedSchedule,
  type Schedule,
  type ScheduleDevice,
  type ScheduleExecution,
  type TestSuiteExecution,
} from '../../src/shared/contracts/schedules';
import { isClientRecordId } from '../../src/shared/contracts/client-ids';
import { variableSchema, type Variable } from '../../src/shared/contracts/variables';
import { endpoints } from '../../src/shared/endpoints';
import { estimateExecutions } from '../../src/shared/schedule/recurrence';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';
import { createIdempotencyStore } from './idempotency';

const DAY_MS = 86_400_000;

/** A schedule checked against the contract: a daily one starting tomorrow, running the collection 'c1'. */
export function makeSchedule(overrides: Partial<Schedule> = {}): Schedule {
  const startTime = overrides.startTime ?? Date.now() + DAY_MS;
  return scheduleSchema.parse({
    id: nextId('schedule'),
    name: 'Nightly',
    enabled: true,
    repeat: 1,
    startTime,
    endTime: startTime + 30 * DAY_MS,
    executionTime: startTime,
    executionTimes: [startTime],
    taskType: 'TESTSUITE',
    taskId: '',
    deviceType: '',
    scheduleNotifyEmails: '',
    dateCreated: 0,
    dateUpdated: 0,
    executionHistory: [],
    userId: 'user-1',
    clientId: 'org-1',
    version: 1,
    scheduleType: 'COLLECTION',
    collectionTags: [],
    versionTags: [],
    testStatusIdList: ['c1'],
    customCollections: false,
    customTestStatusIdList: [],
    tagCollectionData: [],
    scheduleData: { type: 1, recurEveryDays: 1, recurEveryWeeks: 1, weekDays: [0, 0, 0, 0, 0, 0, 0], recurDurationType: 'Hours', recurEveryHours: 0, recurEveryMinutes: 0, executionsPerDay: 0 },
    timeZone: 'UTC',
    inOrder: false,
    notifyOnWaitInQueue: false,
    waitInMinutesBeforeNotify: null,
    overrideResources: false,
    overrideResourcesList: [],
    overrideStepTimeout: false,
    stepTimeout: null,
    overrideDataSource: false,
    dataSourceVariableId: null,
    dataSourceRowNo: null,
    ...overrides,
  });
}

export function makeQueuedSchedule(overrides: Partial<QueuedSchedule> = {}): QueuedSchedule {
  return queuedScheduleSchema.parse({
    id: nextId('queued'),
    scheduleId: 'schedule-1',
    scheduleExecutionHistoryId: nextId('execution'),
    name: 'Nightly',
    collectionTags: [],
    versionTags: [],
    collectionsInQueue: 1,
    totalCollections: 2,
    startTime: Date.now(),
    ...overrides,
  });
}

export function makeTestSuiteExecution(overrides: Partial<TestSuiteExecution> = {}): TestSuiteExecution {
  return testSuiteExecutionSchema.parse({
    id: nextId('run'),
    position: 0,
    collectionId: 'c1',
    testSuiteName: 'Demo_Sign_In',
    versionTag: null,
    userTriggeredName: 'Scheduler',
    userCancelledName: null,
    result: 'PASSED',
    devices: { 'browser-1': 'Browser 1' },
    timeStarted: 0,
    timeCompleted: 65_000,
    duration: 65_000,
    ...overrides,
  });
}

/** A variable checked against the contract: a String one unless overridden. */
export function makeVariable(overrides: Partial<Variable> = {}): Variable {
  return variableSchema.parse({
    id: nextId('variable'),
    variableName: 'username',
    value: ['alice'],
    status: 'active',
    variableType: 'bot',
    valueType: 'String',
    dataSource: null,
    access: null,
    rowCount: null,
    dateCreated: '2026-01-01T00:00:00.000Z',
    dateUpdated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export interface ControlRoomBackendOptions {
  schedules?: Schedule[];
  queue?: QueuedSchedule[];
  /** Collections of a firing, by execution id. */
  executions?: Record<string, { execution: ScheduleExecution; scheduleName: string; collections: TestSuiteExecution[] }>;
  devices?: ScheduleDevice[];
  /** The variables list (part 2 §7 Variables). */
  variables?: Variable[];
  executableSuites?: ExecutableTestSuite[];
  /** Answer these calls with this status and message instead. */
  failures?: Partial<Record<'list' | 'byId' | 'save' | 'remove' | 'runNow' | 'queue' | 'cancel' | 'report', { status: number; message: string }>>;
}

/** Requests the fake control room received, for assertions. */
export interface ControlRoomCalls {
  saves: unknown[];
  gets: string[];
  deletes: string[];
  runNow: string[];
  cancels: string[];
  reports: URLSearchParams[];
}

function withExecutions(schedule: Schedule, now: number): Schedule {
  const { times } = estimateExecutions(schedule, now);
  return { ...schedule, executionTimes: times, executionTime: times[0] ?? null };
}

/** A stateful fake of the Control Room calls (part 2 §7 Schedules) answering with the contract schemas. */
export function controlRoomBackend({ schedules = [], queue = [], executions = {}, devices = [], executableSuites = [], variables = [], failures = {} }: ControlRoomBackendOptions = {}) {
  const state = { schedules: [...schedules], queue: [...queue] };
  const calls: ControlRoomCalls = { saves: [], gets: [], deletes: [], runNow: [], cancels: [], reports: [] };
  const idempotency = createIdempotencyStore();
  const fail = (call: keyof NonNullable<ControlRoomBackendOptions['failures']>) => {
    const failure = failures[call];
    return failure ? errorResponse(failure.status, failure.message) : null;
  };
  const notFound = (id: string) => errorResponse(404, SCHEDULE_MESSAGES.notFound(id));

  const handlers = [
    http.get(anyOrigin(endpoints.schedules.list), () => fail('list') ?? HttpResponse.json({ success: true, message: '', data: state.schedules })),
    http.get(anyOrigin(`${endpoints.schedules.byId('')}:id`), ({ params }) => {
      const id = String(params.id);
      calls.gets.push(id);
      const schedule = state.schedules.find((candidate) => candidate.id === id);
      return fail('byId') ?? (schedule ? HttpResponse.json({ success: true, message: '', data: schedule }) : notFound(id));
    }),
    http.post(
      anyOrigin(endpoints.schedules.save),
      idempotency.honour(async (request) => {
        const body: unknown = await request.json();
        calls.saves.push(body);
        const failure = fail('save');
        if (failure) return failure;
        const parsed = saveScheduleSchema.safeParse(body);
        if (!parsed.success) {
          return errorResponse(400, 'The schedule is not valid', Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
        }
        const { id } = parsed.data;
        const existing = id ? state.schedules.find((candidate) => candidate.id === id) : undefined;
        // As the server: an unknown id is a 404, unless it is one the client made for a new schedule.
        if (id && !existing && !isClientRecordId(id)) return notFound(id);
        const saved = withExecutions(makeSchedule({ ...parsed.data, id: existing?.id ?? (id || nextId('schedule')), version: (existing?.version ?? 0) + 1 }), Date.now());
        state.schedules = existing ? state.schedules.map((candidate) => (candidate === existing ? saved : candidate)) : [...state.schedules, saved];
        return HttpResponse.json({ success: true, message: SCHEDULE_MESSAGES.saved, data: saved });
      }),
    ),
    http.put(anyOrigin(endpoints.schedules.remove), async ({ request }) => {
      const { id } = scheduleIdBodySchema.parse(await request.json());
      calls.deletes.push(id);
      const failure = fail('remove');
      if (failure) return failure;
      if (!state.schedules.some((schedule) => schedule.id === id)) return notFound(id);
      state.schedules = state.schedules.filter((schedule) => schedule.id !== id);
      return HttpResponse.json({ success: true, message: SCHEDULE_MESSAGES.deleted });
    }),
    http.put(anyOrigin(endpoints.schedules.runNow), async ({ request }) => {
      const { id } = scheduleIdBodySchema.parse(await request.json());
      calls.runNow.push(id);
      return fail('runNow') ?? HttpResponse.json({ success: true, message: SCHEDULE_MESSAGES.startingExecution, data: { scheduleExecutionHistoryId: nextId('execution') } });
    }),
    http.get(anyOrigin(`${endpoints.schedules.devices('')}:id`), () => HttpResponse.json({ success: true, message: '', data: devices })),
    http.get(anyOrigin(endpoints.schedules.executableTestSuites), () => HttpResponse.json({ success: true, message: '', data: executableSuites })),
    http.get(anyOrigin(endpoints.variables.list), () => HttpResponse.json({ success: true, message: '', data: { variables, systemVariables: [] } })),
    http.get(anyOrigin(endpoints.schedules.queue), () => fail('queue') ?? HttpResponse.json({ success: true, message: '', data: state.queue })),
    http.put(anyOrigin(endpoints.schedules.cancelQueued), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      calls.cancels.push(id);
      const failure = fail('cancel');
      if (failure) return failure;
      state.queue = state.queue.filter((item) => item.id !== id);
      return HttpResponse.json({ success: true, message: SCHEDULE_MESSAGES.cancelled });
    }),
    http.get(anyOrigin(`${endpoints.schedules.executionDetails('')}:id`), ({ params }) => {
      const details = executions[String(params.id)];
      return details ? HttpResponse.json({ success: true, message: '', data: details }) : errorResponse(404, SCHEDULE_MESSAGES.executionNotFound(String(params.id)));
    }),
    http.get(anyOrigin(endpoints.schedules.report), ({ request }) => {
      calls.reports.push(new URL(request.url).searchParams);
      return fail('report') ?? new HttpResponse(new Blob(['zip']), { headers: { 'Content-Type': 'application/zip' } });
    }),
  ];

  return { state, calls, handlers };
}

/** Defaults of the unit project: an empty Control Room. */
export const controlRoomHandlers = controlRoomBackend().handlers;
