import { z } from 'zod';
import { FINISHED_RUN_STATES, messageResponseSchema, RUN_STATES, runSummarySchema } from './runs';

/**
 * Operations Centre (spec part 2 §2 Operations Centre page, §3 Operations search form and Schedule summary row, §4, §5,
 * §7 Operations Centre).
 */

/** Every finished run: the Studio's saved results (§7 "also used with status SAVED"), and the form's All. */
export const SAVED_STATUS = 'SAVED';

/** The search form's statuses, in the order of its select (All first, issue 27); FAILED-TESTCASE is the default. */
export const OPERATIONS_STATUSES = [SAVED_STATUS, 'FAILED-TESTCASE', 'PASSED-TESTCASE', 'COMPLETED', 'ABORTED', 'CANCELLED'] as const;
export type OperationsStatus = (typeof OPERATIONS_STATUSES)[number];
export const DEFAULT_OPERATIONS_STATUS: OperationsStatus = 'FAILED-TESTCASE';
export const OPERATIONS_STATUS_LABELS: Record<OperationsStatus, string> = {
  [SAVED_STATUS]: 'All',
  'FAILED-TESTCASE': 'Failed flow',
  'PASSED-TESTCASE': 'Passed flow',
  COMPLETED: 'Completed',
  ABORTED: 'Aborted',
  CANCELLED: 'Cancelled',
};

/**
 * What a search status selects, as run states. The form's statuses and SAVED select finished runs, bounded and sorted
 * by their completion time; a bare run state selects itself (QUEUED and RUNNING by trigger time).
 */
export const SEARCH_STATUS_STATES = {
  'FAILED-TESTCASE': ['FAILED'],
  'PASSED-TESTCASE': ['PASSED'],
  COMPLETED: ['PASSED', 'FAILED'],
  ABORTED: ['ABORTED'],
  CANCELLED: ['CANCELLED'],
  SAVED: FINISHED_RUN_STATES,
  QUEUED: ['QUEUED'],
  RUNNING: ['RUNNING'],
  PASSED: ['PASSED'],
  FAILED: ['FAILED'],
} as const satisfies Record<string, readonly (typeof RUN_STATES)[number][]>;
export const RUN_SEARCH_STATUSES = Object.keys(SEARCH_STATUS_STATES) as (keyof typeof SEARCH_STATUS_STATES)[];
export type RunSearchStatus = keyof typeof SEARCH_STATUS_STATES;

/** Execution result values shown for a finished run (§3: failed flow, passed flow, completed, aborted, cancelled). */
export const EXECUTION_RESULT_LABELS: Record<(typeof RUN_STATES)[number], string> = {
  FAILED: 'failed flow',
  PASSED: 'passed flow',
  ABORTED: 'aborted',
  CANCELLED: 'cancelled',
  QUEUED: 'queued',
  RUNNING: 'running',
};

export const RUN_SEARCH_MAX_PAGE_SIZE = 1000;
export const RUN_SEARCH_DEFAULT_PAGE_SIZE = 100;
export const RUN_SEARCH_MAX_NAME_LENGTH = 200;
export const isoInstant = z.iso.datetime({ offset: true });
export const DATE_ORDER_MESSAGE = 'End date must not be before the start date.';
/** Only a real order counts: an unparsable date has its own field error, not a second one on the end date. */
export const isBefore = (a: string, b: string) => Date.parse(a) < Date.parse(b);

/**
 * GET /stats/search?data={JSON}. Dates are ISO instants bounding the completion time for finished statuses, else
 * the trigger time. page is 1-based; the answer carries the total of matching runs.
 */
export const runSearchSchema = z
  .strictObject({
    deviceId: z.string().max(200).optional(),
    status: z.enum(RUN_SEARCH_STATUSES as [RunSearchStatus, ...RunSearchStatus[]]).optional(),
    collectionId: z.string().max(64).optional(),
    /** Part of the collection's name as the run recorded it, in any case; blank filters nothing. */
    collectionName: z.string().trim().max(RUN_SEARCH_MAX_NAME_LENGTH).optional(),
    dateStart: isoInstant.optional(),
    dateEnd: isoInstant.optional(),
    page: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(RUN_SEARCH_MAX_PAGE_SIZE).default(RUN_SEARCH_DEFAULT_PAGE_SIZE),
  })
  .refine((search) => !search.dateStart || !search.dateEnd || !isBefore(search.dateEnd, search.dateStart), {
    path: ['dateEnd'],
    message: DATE_ORDER_MESSAGE,
  });
export type RunSearch = z.input<typeof runSearchSchema>;

/** A history row (§3 Test suite execution): the run with names resolved for the table and its exports. */
export const executionHistoryRowSchema = runSummarySchema.extend({
  /** The collection's version tag name when the run was triggered, or null. */
  versionTag: z.string().nullable(),
  userTriggeredName: z.string(),
  userCancelledName: z.string().nullable(),
  /** Resource ids mapped to their custom names. */
  deviceNames: z.record(z.string(), z.string()),
  /** timeCompleted minus timeStarted in ms, or null while either is missing. */
  duration: z.number().int().nullable(),
});
export type ExecutionHistoryRow = z.infer<typeof executionHistoryRowSchema>;

export const runSearchResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(executionHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RunSearchResponse = z.infer<typeof runSearchResponseSchema>;

/** The summary searches (§5: both dates required). tags and versions are tag ids; empty means any. */
export const summarySearchSchema = z
  .strictObject({
    startDate: isoInstant,
    endDate: isoInstant,
    tags: z.array(z.string().min(1).max(64)).max(500).default([]),
    versions: z.array(z.string().min(1).max(64)).max(500).default([]),
  })
  .refine((search) => !isBefore(search.endDate, search.startDate), { path: ['endDate'], message: DATE_ORDER_MESSAGE });
export type SummarySearch = z.input<typeof summarySearchSchema>;

/**
 * A firing's status in the summary: QUEUED and RUNNING while its collections wait or run; a completed firing is
 * PASSED when every one of its runs passed, else FAILED; CANCELLED from the queue; MISSED while the server was down.
 */
export const SCHEDULE_SUMMARY_STATUSES = ['QUEUED', 'RUNNING', 'PASSED', 'FAILED', 'CANCELLED', 'MISSED'] as const;

/** One firing of a schedule within the dates (§3 Schedule summary row); the table leaves out scheduleId and executionType. */
export const scheduleSummaryRowSchema = z.object({
  /** The firing (scheduleExecutionHistoryId): scheduleSummaryDetail?id opens its collections. */
  id: z.string(),
  scheduleId: z.string(),
  executionType: z.string(),
  scheduleName: z.string(),
  /** Tag names (ids mapped). */
  collectionTags: z.array(z.string()),
  versionTags: z.array(z.string()),
  cancelledBy: z.string().nullable(),
  status: z.enum(SCHEDULE_SUMMARY_STATUSES),
  /** ISO instant the firing was triggered. */
  startTime: z.string(),
  createdBy: z.string(),
  createdDate: z.string(),
  updatedBy: z.string(),
  updatedDate: z.string(),
  totalCollections: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
});
export type ScheduleSummaryRow = z.infer<typeof scheduleSummaryRowSchema>;

/** One collection that finished runs within the dates (§2 Collection Details columns), from its run history. */
export const testSuiteSummaryRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Tag names (ids mapped). */
  tags: z.array(z.string()),
  version: z.string().nullable(),
  createdBy: z.string(),
  createdDate: z.string(),
  updatedBy: z.string(),
  updatedDate: z.string(),
  /** The result of its latest finished run within the dates. */
  status: z.enum(FINISHED_RUN_STATES),
  runs: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  lastRunAt: z.string(),
});
export type TestSuiteSummaryRow = z.infer<typeof testSuiteSummaryRowSchema>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });
export const scheduleSummaryResponseSchema = envelope(z.array(scheduleSummaryRowSchema));
export const testSuiteSummaryResponseSchema = envelope(z.array(testSuiteSummaryRowSchema));

/** POST /testSuite/cancelQueuedTests answers how many it cancelled; all=true cancels every queued run the caller sees. */
export const cancelQueuedResponseSchema = messageResponseSchema.extend({ cancelled: z.number().int() });

export const OPERATIONS_MESSAGES = {
  summaryLoadFailed: 'Unable to load Collection summary data, please try again',
  cancelFailed: (message: string) => `Error cancelling the collections! ${message}`,
  exportHtmlFailed: 'Something went wrong, unable to export HTML Report',
  confirmCancelAll: 'Do you want to cancel all the queued collections?',
  confirmCancelOne: 'Do you want to cancel the queued collection?',
} as const;
