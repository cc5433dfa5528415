import { z } from 'zod';
import { quarantinedFailureSchema } from './quarantine';

/** Runs of collections: queue, running status, details and reports (spec part 1 §3 Running collection, §7, §8). */
export const RUN_STATES = ['QUEUED', 'RUNNING', 'PASSED', 'FAILED', 'CANCELLED', 'ABORTED'] as const;
export const FINISHED_RUN_STATES = ['PASSED', 'FAILED', 'CANCELLED', 'ABORTED'] as const;
export const STEP_RESULT_VALUES = ['PASSED', 'FAILED', 'SKIPPED'] as const;

export const RUN_MESSAGES = {
  executed: 'Test Suite Executed...',
  queuedCancelled: 'Testsuite Execution Cancelled',
  allQueuedCancelled: 'All Testsuite Execution Cancelled',
  stopped: (id: string) => `The execution of collection id ${id} was stopped!`,
  stopError: (message: string) => `Error stopping the collection! ${message}`,
  released: 'Device successfully released',
  videoUnavailable: (reason: string) => `Video recording unavailable on this machine: ${reason}`,
} as const;

/**
 * Who started a run, as run tables, reports, dashboards and their exports name it (docs/decisions.md, issue 27): a
 * user by name, a run a schedule queued by its schedule, and a schedule's Run Now by both.
 */
export const TRIGGERED_BY_TEXT = {
  schedule: (scheduleName: string) => `Schedule: ${scheduleName}`,
  scheduleRunNow: (scheduleName: string, userName: string) => `Schedule: ${scheduleName} (Run Now by ${userName})`,
} as const;

/** Why a queued run waits with no resource in sight; it stays queued until one is there (nothing is dropped). */
export const QUEUE_HINTS = {
  noneRegistered: (resources: string) => `No ${resources} resource is registered: the run waits in the queue until one is.`,
  nonePluggedIn: (resources: string) => `No ${resources} resource is plugged in: the run waits in the queue until one is.`,
} as const;

export const runNotFoundMessage = (statusId: string): string => `No collection run with status id ${statusId}.`;
/** Why a run cannot be stopped; the client shows it as RUN_MESSAGES.stopError(reason). */
export const runAlreadyEndedMessage = (state: string): string => `The run already ended (${state}).`;

/** `currentStatus` of a running collection: where the executor is, as current/max pairs (all 1-based). */
export const currentStatusSchema = z.object({
  cumulativeStepCurrent: z.number().int(),
  cumulativeStepMax: z.number().int(),
  caseIndexCurrent: z.number().int(),
  caseIndexMax: z.number().int(),
  caseLoopCurrent: z.number().int(),
  caseLoopMax: z.number().int(),
  stepIndexCurrent: z.number().int(),
  stepIndexMax: z.number().int(),
  stepLoopCurrent: z.number().int(),
  stepLoopMax: z.number().int(),
  CurrentTestCasesName: z.string(),
});
export type CurrentStatus = z.infer<typeof currentStatusSchema>;

/**
 * Live progress, counting completed work. Percentages are 0..100: caseProgress over the flow visits (a flow with its
 * loops), stepProgress over the steps of the current flow loop, totalProgress over every planned step; the `1` variants
 * are the same figures as "completed/total" text.
 */
export const runProgressSchema = z.object({
  caseProgress: z.number(),
  caseProgress1: z.string(),
  stepProgress: z.number(),
  stepProgress1: z.string(),
  totalProgress: z.number(),
  currentStatus: currentStatusSchema,
  passedSteps: z.number().int(),
  failedSteps: z.number().int(),
  skippedSteps: z.number().int(),
  passedCases: z.number().int(),
  failedCases: z.number().int(),
  videoMessage: z.string().optional(),
});
export type RunProgress = z.infer<typeof runProgressSchema>;

export const runningCollectionSchema = runProgressSchema.extend({
  id: z.string(),
  statusId: z.string(),
  collectionId: z.string(),
  testSuiteName: z.string(),
  /** The run state: QUEUED or RUNNING here. */
  result: z.enum(RUN_STATES),
  displayDevices: z.string(),
  devices: z.array(z.string()),
  timeSubmitted: z.string(),
  timeStarted: z.string().nullable(),
  /** A queued run that no registered or plugged-in resource can take: why it waits (QUEUE_HINTS). */
  queueHint: z.string().optional(),
});
export type RunningCollection = z.infer<typeof runningCollectionSchema>;

/** A failed flow of the last run: the spec's testCaseName and testStepIdFailed, and the failed step's name to show. */
export const failedCaseSchema = z.object({ testCaseName: z.string(), testStepIdFailed: z.string(), testStepNameFailed: z.string() });

export const lastExecutedSchema = z.object({
  testSuiteName: z.string(),
  testStatus: z.enum(RUN_STATES),
  testStatusId: z.string(),
  timeCompleted: z.string().nullable(),
  failedCases: z.array(failedCaseSchema),
  totalTestCases: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  isFailed: z.boolean(),
});
export type LastExecuted = z.infer<typeof lastExecutedSchema>;

export const runningTabDataResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    runningTestStatus: z.array(runningCollectionSchema),
    /** The most recently completed runs, newest first. */
    lastExecutedTestStates: z.array(lastExecutedSchema),
  }),
});

/** Same envelope as loadTest/saveTest: the Studio shows `message` after Open, Save and Run. */
export const triggerResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ statusId: z.string() }),
});

export const queuedTestSchema = z.object({
  id: z.string(),
  testSuiteName: z.string(),
  devices: z.array(z.string()),
  timeTriggered: z.string(),
});
export const queuedTestsResponseSchema = z.object({ success: z.literal(true), data: z.array(queuedTestSchema) });

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const fileRefSchema = z.object({ path: z.string(), name: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;

/** The `data` of POST /files/postDownloadForId: the run file a download link is made for, by its FileRef path. */
export const downloadForIdDataSchema = z.object({ path: z.string().min(1).max(1000) });
export type DownloadForIdData = z.infer<typeof downloadForIdDataSchema>;

/** GET /files/downloadByToken with a token that expired, was forged, or whose session ended. */
export const DOWNLOAD_LINK_EXPIRED_MESSAGE = 'This download link has expired. Download the file again from its report.';

export const stepDetailSchema = z.object({
  stepId: z.string(),
  stepName: z.string(),
  tagName: z.string(),
  result: z.enum(STEP_RESULT_VALUES),
  errorDetail: z.string(),
  validationResult: z.string(),
  images: z.array(fileRefSchema),
  attachments: z.array(fileRefSchema),
  timeStarted: z.string(),
  timeCompleted: z.string(),
});
export type StepDetail = z.infer<typeof stepDetailSchema>;

/**
 * What a report's Notes show for a step: its error (a failure says what was expected, found and where), else its
 * validation result. The report modal, its CSV and the HTML report read the same.
 */
export const stepNotes = (step: Pick<StepDetail, 'errorDetail' | 'validationResult'>): string => step.errorDetail || step.validationResult;

const flowLoopDetailSchema = z.object({ loop: z.number().int(), result: z.enum(['PASSED', 'FAILED']), steps: z.array(stepDetailSchema) });

/** An attempt of a flow visit that a retry replaced (issue 29): it failed; its steps and screenshots stay in the report. */
export const earlierAttemptSchema = z.object({
  attempt: z.number().int().min(1),
  result: z.enum(['PASSED', 'FAILED']),
  testCaseDetailByLoop: z.array(flowLoopDetailSchema),
  failureImagesList: z.array(fileRefSchema),
});
export type EarlierAttempt = z.infer<typeof earlierAttemptSchema>;

/**
 * One flow visit of a run. Its result, loops and images are its last attempt's; a visit that was retried carries that
 * attempt's number (`attempt`, absent: 1) and the attempts before it (`earlierAttempts`).
 */
export const testCaseDetailSchema = z.object({
  testCaseId: z.string(),
  testCaseName: z.string(),
  testCaseType: z.string(),
  testCaseResult: z.enum(['PASSED', 'FAILED']),
  loop: z.number().int(),
  failedTestStep: z.string().nullable(),
  testCaseDetailByLoop: z.array(flowLoopDetailSchema),
  failureImagesList: z.array(fileRefSchema),
  captureScreenshotSteps: z.array(fileRefSchema),
  attempt: z.number().int().min(1).optional(),
  earlierAttempts: z.array(earlierAttemptSchema).optional(),
});
export type TestCaseDetail = z.infer<typeof testCaseDetailSchema>;

export const logLineSchema = z.object({ key: z.string(), value: z.string() });

export const runSummarySchema = z.object({
  id: z.string(),
  statusId: z.string(),
  collectionId: z.string(),
  testSuiteName: z.string(),
  testStatus: z.enum(RUN_STATES),
  devices: z.array(z.string()),
  triggeredBy: z.string(),
  cancelledBy: z.string().nullable(),
  timeSubmitted: z.string(),
  timeStarted: z.string().nullable(),
  timeCompleted: z.string().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runDetailsSchema = runSummarySchema.extend({
  /** Display names of `devices`, joined as the sidebar shows them. */
  displayDevices: z.string(),
  /** Who started the run, by name (TRIGGERED_BY_TEXT for a schedule's runs); triggeredBy is the user's id. */
  triggeredByName: z.string(),
  /** The collection's issue-tracker scenario when the run was triggered, or null. */
  scenario: z.string().nullable(),
  progress: runProgressSchema,
  testCaseDetails: z.array(testCaseDetailSchema),
  logsList: z.array(logLineSchema),
  attachments: z.array(fileRefSchema),
  /** Flows in quarantine that failed in the run: the run's result did not count them (issue 29). */
  quarantinedFailures: z.array(quarantinedFailureSchema).default([]),
  /** When the retention purge removed the run's files; the report then says so where they were (issue 30). */
  artifactsRemovedAt: z.string().nullable().default(null),
});
export type RunDetails = z.infer<typeof runDetailsSchema>;
export const runDetailsResponseSchema = z.object({ success: z.literal(true), data: runDetailsSchema });

