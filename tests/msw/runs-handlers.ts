import { http, HttpResponse } from 'msw';
import { FIELD_ERROR_KEYS } from '../../src/shared/contracts/collections';
import {
  COLLECTION_LABEL_REMOVED_MESSAGE,
  COLLECTION_LABEL_UPDATED_MESSAGE,
  FAILURE_LABEL_CREATED_MESSAGE,
  FAILURE_LABEL_UPDATED_MESSAGE,
  collectionLabelResponseSchema,
  createFailureLabelRequestSchema,
  duplicateFailureLabelMessage,
  failureLabelListResponseSchema,
  failureLabelNotFoundMessage,
  failureLabelResponseSchema,
  labelNeedsFailedRunMessage,
  updateFailedCollectionLabelRequestSchema,
  updateFailureLabelRequestSchema,
  type CollectionLabel,
  type FailureLabel,
} from '../../src/shared/contracts/labels';
import {
  lastExecutedSchema,
  RUN_MESSAGES,
  runAlreadyEndedMessage,
  runDetailsSchema,
  runningCollectionSchema,
  runningTabDataResponseSchema,
  runNotFoundMessage,
  type LastExecuted,
  type RunDetails,
  type RunningCollection,
} from '../../src/shared/contracts/runs';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

const progress = {
  caseProgress: 50,
  caseProgress1: '1/2',
  stepProgress: 25,
  stepProgress1: '1/4',
  totalProgress: 25,
  currentStatus: {
    cumulativeStepCurrent: 2,
    cumulativeStepMax: 8,
    caseIndexCurrent: 1,
    caseIndexMax: 2,
    caseLoopCurrent: 1,
    caseLoopMax: 1,
    stepIndexCurrent: 1,
    stepIndexMax: 4,
    stepLoopCurrent: 1,
    stepLoopMax: 1,
    CurrentTestCasesName: 'Sign in flow',
  },
  passedSteps: 1,
  failedSteps: 0,
  skippedSteps: 0,
  passedCases: 0,
  failedCases: 0,
};

/** A running collection checked against the contract, so a contract change breaks the tests that use it. */
export function makeRunningCollection(overrides: Partial<RunningCollection> = {}): RunningCollection {
  const id = overrides.id ?? nextId('run');
  return runningCollectionSchema.parse({
    ...progress,
    id,
    statusId: id,
    collectionId: 'collection-1',
    testSuiteName: 'Checkout collection',
    result: 'RUNNING',
    displayDevices: 'Chromium (this machine)',
    devices: ['browser-1'],
    timeSubmitted: '2026-03-05T12:00:00.000Z',
    timeStarted: '2026-03-05T12:00:01.000Z',
    ...overrides,
  });
}

export function makeLastExecuted(overrides: Partial<LastExecuted> = {}): LastExecuted {
  return lastExecutedSchema.parse({
    testSuiteName: 'Nightly collection',
    testStatus: 'FAILED',
    testStatusId: nextId('run'),
    timeCompleted: '2026-03-05T12:05:00.000Z',
    failedCases: [{ testCaseName: 'Pay by card', testStepIdFailed: 'd1bd3a60-5c1e-4d0b-9a57-0b6f3c2e9a11', testStepNameFailed: 'Enter the card number' }],
    totalTestCases: 3,
    passed: 2,
    failed: 1,
    isFailed: true,
    ...overrides,
  });
}

const step = (stepId: string, stepName: string, result: 'PASSED' | 'FAILED', extra: Partial<RunDetails['testCaseDetails'][number]['testCaseDetailByLoop'][number]['steps'][number]> = {}) => ({
  stepId,
  stepName,
  tagName: 'click',
  result,
  errorDetail: '',
  validationResult: '',
  images: [],
  attachments: [],
  timeStarted: '2026-03-05T12:00:02.000Z',
  timeCompleted: '2026-03-05T12:00:03.000Z',
  ...extra,
});

/** A finished run with two flows (the second failed at its step 2, with a screenshot and an attachment). */
export function makeRunDetails(overrides: Partial<RunDetails> = {}): RunDetails {
  const id = overrides.statusId ?? nextId('run');
  return runDetailsSchema.parse({
    id,
    statusId: id,
    collectionId: 'collection-1',
    testSuiteName: 'Nightly collection',
    testStatus: 'FAILED',
    devices: ['browser-1'],
    displayDevices: 'Browser 1',
    scenario: null,
    triggeredBy: 'admin@studio.local',
    triggeredByName: 'Studio Administrator',
    cancelledBy: null,
    timeSubmitted: '2026-03-05T12:00:00.000Z',
    timeStarted: '2026-03-05T12:00:01.000Z',
    timeCompleted: '2026-03-05T12:05:00.000Z',
    progress: { ...progress, passedCases: 1, failedCases: 1 },
    testCaseDetails: [
      {
        testCaseId: 'flow-1',
        testCaseName: 'Sign in',
        testCaseType: 'FLOW',
        testCaseResult: 'PASSED',
        loop: 1,
        failedTestStep: null,
        testCaseDetailByLoop: [{ loop: 1, result: 'PASSED', steps: [step('1', 'Open the page', 'PASSED', { validationResult: 'Title matched' })] }],
        failureImagesList: [],
        captureScreenshotSteps: [],
      },
      {
        testCaseId: 'flow-2',
        testCaseName: 'Pay by card',
        testCaseType: 'FLOW',
        testCaseResult: 'FAILED',
        loop: 1,
        failedTestStep: '2',
        testCaseDetailByLoop: [
          {
            loop: 1,
            result: 'FAILED',
            steps: [
              step('1', 'Type card number', 'PASSED'),
              step('2', 'Press Pay', 'FAILED', {
                errorDetail: 'Button #pay not found',
                images: [{ path: 'runs/r/failure.png', name: 'failure.png' }],
                attachments: [{ path: 'runs/r/response.json', name: 'response.json' }],
              }),
            ],
          },
        ],
        failureImagesList: [{ path: 'runs/r/failure.png', name: 'failure.png' }],
        captureScreenshotSteps: [],
      },
    ],
    logsList: [
      { key: '12:00:01', value: 'Run started' },
      { key: '12:05:00', value: 'Run failed' },
    ],
    attachments: [],
    ...overrides,
  });
}

/**
 * A flow that failed on its first attempt (a screenshot of the failure) and passed on its second: "passed on retry 1"
 * (issue 29). `failedAgain` makes the second attempt fail too, so the flow failed after one retry.
 */
export function retriedFlowDetail(failedAgain = false): RunDetails['testCaseDetails'][number] {
  const failure = step('2', 'Press Pay', 'FAILED', { errorDetail: 'Button #pay not found', images: [{ path: 'runs/r/attempt-1.png', name: 'attempt-1.png' }] });
  const last = failedAgain ? step('2', 'Press Pay', 'FAILED', { errorDetail: 'Button #pay not found', images: [{ path: 'runs/r/attempt-2.png', name: 'attempt-2.png' }] }) : step('2', 'Press Pay', 'PASSED');
  const result = failedAgain ? 'FAILED' : 'PASSED';
  return {
    testCaseId: 'flow-pay',
    testCaseName: 'Pay by card',
    testCaseType: 'FLOW',
    testCaseResult: result,
    loop: 1,
    failedTestStep: failedAgain ? '2' : null,
    testCaseDetailByLoop: [{ loop: 1, result, steps: [step('1', 'Type card number', 'PASSED'), last] }],
    failureImagesList: last.images,
    captureScreenshotSteps: [],
    attempt: 2,
    earlierAttempts: [
      {
        attempt: 1,
        result: 'FAILED',
        testCaseDetailByLoop: [{ loop: 1, result: 'FAILED', steps: [step('1', 'Type card number', 'PASSED'), failure] }],
        failureImagesList: failure.images,
      },
    ],
  };
}

export interface RunningTabState {
  running: RunningCollection[];
  lastExecuted: LastExecuted[];
}

/** Serves getRunningTabData from `state` (mutable, so a test can change what the next poll sees) and counts the calls. */
export function serveRunningTabData(state: RunningTabState) {
  const calls = { count: 0 };
  return {
    calls,
    handler: http.get(anyOrigin(endpoints.runs.runningTabData), () => {
      calls.count += 1;
      return HttpResponse.json(
        runningTabDataResponseSchema.parse({ success: true, data: { runningTestStatus: state.running, lastExecutedTestStates: state.lastExecuted } }),
      );
    }),
  };
}

export function serveRunDetails(details: RunDetails) {
  return http.get(anyOrigin(endpoints.runs.details), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    return id === details.statusId ? HttpResponse.json({ success: true, data: details }) : errorResponse(404, runNotFoundMessage(id));
  });
}

/**
 * cancelRunningTest as the server answers it: the runs of `state.running` stop (and leave the list); any other id is
 * 404, and the ids of `ended` (id -> final state) are 409. Error messages are the bare reason, as the server sends them.
 */
export function serveCancelRunning(state: RunningTabState, ended: ReadonlyMap<string, string> = new Map()) {
  const cancelled: string[] = [];
  return {
    cancelled,
    handler: http.post(anyOrigin(endpoints.runs.cancelRunning), ({ request }) => {
      const statusId = new URL(request.url).searchParams.get('statusId') ?? '';
      const finalState = ended.get(statusId);
      if (finalState) return errorResponse(409, runAlreadyEndedMessage(finalState));
      if (!state.running.some((run) => run.statusId === statusId)) return errorResponse(404, runNotFoundMessage(statusId));
      state.running = state.running.filter((run) => run.statusId !== statusId);
      cancelled.push(statusId);
      return HttpResponse.json({ success: true, message: RUN_MESSAGES.stopped(statusId) });
    }),
  };
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * An in-memory failure-label service with the server's rules: names unique ignoring case (409, NoneOf), labels only
 * on known runs (404) that FAILED (409), listed by name. `runs` are the runs it knows, by statusId and final state.
 */
export function failureLabelsBackend(initial: FailureLabel[] = [], runs: readonly Pick<RunDetails, 'statusId' | 'testStatus'>[] = []) {
  const labels = [...initial];
  const ofRun = new Map<string, CollectionLabel>();
  const runState = new Map(runs.map((run) => [run.statusId, run.testStatus]));
  const duplicate = (labelName: string) =>
    errorResponse(409, duplicateFailureLabelMessage(labelName), { labelName: [FIELD_ERROR_KEYS.noneOf] });
  const handlers = [
    // Ordered by name ignoring case, as the server's query orders them.
    http.get(anyOrigin(endpoints.failureLabels.list), () => {
      const byName = [...labels].sort((a, b) => a.labelName.toLowerCase().localeCompare(b.labelName.toLowerCase()));
      return HttpResponse.json(failureLabelListResponseSchema.parse({ status: true, message: 'Success', data: byName }));
    }),
    http.get(anyOrigin(endpoints.failureLabels.ofCollection), ({ request }) => {
      const statusId = new URL(request.url).searchParams.get('collectionId') ?? '';
      const label = ofRun.get(statusId);
      return HttpResponse.json(collectionLabelResponseSchema.parse({ status: true, message: label ? 'Success' : 'No label attached', data: label ?? null }));
    }),
    http.post(anyOrigin(endpoints.failureLabels.create), async ({ request }) => {
      const body = createFailureLabelRequestSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'Invalid request', { labelName: [FIELD_ERROR_KEYS.required] });
      const { labelId = nextId('label'), labelName } = body.data;
      // As the server: the same create sent again finds its label.
      const repeated = labels.find((label) => label.labelId === labelId && label.labelName === labelName);
      if (repeated) return HttpResponse.json(failureLabelResponseSchema.parse({ status: true, message: FAILURE_LABEL_CREATED_MESSAGE, data: repeated }));
      if (labels.some((label) => sameName(label.labelName, labelName))) return duplicate(labelName);
      const label = { labelId, labelName };
      labels.push(label);
      return HttpResponse.json(failureLabelResponseSchema.parse({ status: true, message: FAILURE_LABEL_CREATED_MESSAGE, data: label }));
    }),
    http.put(anyOrigin(endpoints.failureLabels.update), async ({ request }) => {
      const body = updateFailureLabelRequestSchema.safeParse(await request.json());
      if (!body.success) return errorResponse(400, 'Invalid request', { labelName: [FIELD_ERROR_KEYS.required] });
      const { labelId, labelName } = body.data;
      const label = labels.find((candidate) => candidate.labelId === labelId);
      if (!label) return errorResponse(404, failureLabelNotFoundMessage(labelId));
      if (labels.some((other) => other.labelId !== labelId && sameName(other.labelName, labelName))) return duplicate(labelName);
      label.labelName = labelName;
      for (const [statusId, attached] of ofRun) if (attached.labelId === labelId) ofRun.set(statusId, { ...attached, labelName });
      return HttpResponse.json(failureLabelResponseSchema.parse({ status: true, message: FAILURE_LABEL_UPDATED_MESSAGE, data: label }));
    }),
    http.put(anyOrigin(endpoints.failureLabels.attachToCollection), async ({ request }) => {
      const body = updateFailedCollectionLabelRequestSchema.parse(await request.json());
      const state = runState.get(body.statusId);
      if (state === undefined) return errorResponse(404, runNotFoundMessage(body.statusId));
      if (body.labelId === null) {
        ofRun.delete(body.statusId);
        return HttpResponse.json(collectionLabelResponseSchema.parse({ status: true, message: COLLECTION_LABEL_REMOVED_MESSAGE, data: null }));
      }
      const label = labels.find((candidate) => candidate.labelId === body.labelId);
      if (!label) return errorResponse(404, failureLabelNotFoundMessage(body.labelId));
      if (state !== 'FAILED') return errorResponse(409, labelNeedsFailedRunMessage(body.statusId, state));
      ofRun.set(body.statusId, { statusId: body.statusId, ...label });
      return HttpResponse.json(collectionLabelResponseSchema.parse({ status: true, message: COLLECTION_LABEL_UPDATED_MESSAGE, data: ofRun.get(body.statusId) }));
    }),
  ];
  return { labels, ofRun, handlers };
}

/** Default: nothing running and nothing completed, so every signed-in screen's sidebar poll is answered. */
export const runsHandlers = [serveRunningTabData({ running: [], lastExecuted: [] }).handler];
