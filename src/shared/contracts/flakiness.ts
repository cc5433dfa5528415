import { z } from 'zod';
import { DATE_ORDER_MESSAGE, isBefore, isoInstant } from './operations';

/**
 * Flow history and failure classification (issue 29). A flow is a collection's flow id; "the same code" is the same
 * collection document (its content hash, stored with each run) on the same resource kind.
 */

/** How far back a failure is looked up, and a flow's passes and failures are compared for flakiness. */
export const FLAKY_WINDOW_DAYS = 14;
export const FLAKY_WINDOW_MS = FLAKY_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** A flow that passed this many times in a row, on the same version, is no longer flaky (recovered). */
export const FLAKY_RECOVERY_PASSES = 5;
/** The results a flow's history strip shows. */
export const FLOW_HISTORY_LENGTH = 30;

/** The resource kind a run ran on: a browser (the pool or a remote one), a desktop gateway agent, or a phone. */
export const RUN_RESOURCE_KINDS = ['BROWSER', 'DESKTOP', 'MOBILE'] as const;
export type RunResourceKind = (typeof RUN_RESOURCE_KINDS)[number];

/**
 * A flow's result in one run: FAILED when a step of it failed; ABORTED when the run was stopped (aborted or cancelled)
 * and the flow did not fail; SKIPPED when every step of it was skipped; PASSED otherwise.
 */
export const FLOW_RESULTS = ['PASSED', 'FAILED', 'SKIPPED', 'ABORTED'] as const;
export type FlowResult = (typeof FLOW_RESULTS)[number];

/** The mark of a flow that failed and then passed on its `retry`-th retry in a run (issue 29): it counts as flaky. */
export const passedOnRetryText = (retry: number): string => `Passed on retry ${retry}`;
/** Run log lines of retries. */
export const retryLogLine = (flowName: string, attempt: number, retries: number): string =>
  `${flowName} failed on attempt ${attempt}: running it again (retry ${attempt} of ${retries})`;
export const passedOnRetryLogLine = (flowName: string, retry: number): string => `${flowName}: ${passedOnRetryText(retry).toLowerCase()}`;

export const flowHistoryEntrySchema = z.object({
  statusId: z.string(),
  /** When the run ended (ISO). */
  time: z.string(),
  result: z.enum(FLOW_RESULTS),
  /** A PASSED result reached on a retry: which retry (1 to 3); absent when the flow passed on its first attempt. */
  passedOnRetry: z.number().int().min(1).optional(),
});
export type FlowHistoryEntry = z.infer<typeof flowHistoryEntrySchema>;

export const flowHistorySchema = z.object({
  flowId: z.string(),
  flowName: z.string(),
  /** The last FLOW_HISTORY_LENGTH results, newest last. */
  results: z.array(flowHistoryEntrySchema),
});
export type FlowHistory = z.infer<typeof flowHistorySchema>;

export const flowHistoryQuerySchema = z.object({ collectionId: z.string().trim().min(1, 'A collection id is required.').max(64) });

export const flowHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    collectionId: z.string(),
    /** The collection's flows (init, main, post, in its order), then flows that ran before and are no longer in it. */
    flows: z.array(flowHistorySchema),
  }),
});
export type FlowHistoryResponse = z.infer<typeof flowHistoryResponseSchema>;

export const FAILURE_CLASSES = ['NEW', 'KNOWN', 'FLAKY'] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const failedFlowSchema = z.object({
  flowId: z.string(),
  flowName: z.string(),
  failedStepId: z.string(),
  /** failureSignature(step id, error message): the same failure reads the same across runs. */
  signature: z.string(),
  /**
   * FLAKY: the flow passed and failed on this run's collection version and resource kind within FLAKY_WINDOW_DAYS (and
   * has not passed FLAKY_RECOVERY_PASSES times in a row since); else KNOWN: this signature failed this flow before
   * within the window; else NEW.
   */
  classification: z.enum(FAILURE_CLASSES),
  /** The first run within the window that failed this flow with this signature (this run when NEW). */
  firstSeen: z.object({ statusId: z.string(), time: z.string() }),
  /** Runs within the window, this one included, that failed this flow with this signature. */
  occurrences: z.number().int(),
  /** This flow's passes and failures on this version and resource kind since it last recovered (for FLAKY). */
  passes: z.number().int(),
  failures: z.number().int(),
});
export type FailedFlow = z.infer<typeof failedFlowSchema>;

export const failureClassificationQuerySchema = z.object({ id: z.string().trim().min(1, 'A run status id is required.').max(64) });

export const failureClassificationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    statusId: z.string(),
    /** Null for a run recorded before versions were stored: it is never "the same version" as another run. */
    collectionHash: z.string().nullable(),
    resourceKind: z.enum(RUN_RESOURCE_KINDS).nullable(),
    failedFlows: z.array(failedFlowSchema),
  }),
});
export type FailureClassificationResponse = z.infer<typeof failureClassificationResponseSchema>;

/** The Flaky flows view lists at most this many flows, the flakiest first; the answer carries how many there are. */
export const FLAKY_FLOWS_LIMIT = 100;
/** The top failure signatures a listed flow carries. */
export const FLAKY_FLOW_TOP_SIGNATURES = 3;
/** The longest date range the view answers: a year. */
export const FLAKY_FLOWS_MAX_RANGE_DAYS = 366;
export const FLAKY_FLOWS_RANGE_MESSAGE = `The date range must be at most ${FLAKY_FLOWS_MAX_RANGE_DAYS} days.`;

/** GET ?from&to (ISO instants): flows whose results in runs that ended in [from, to] flipped between PASSED and FAILED. */
export const flakyFlowsQuerySchema = z
  .object({
    from: isoInstant,
    to: isoInstant,
  })
  .refine((range) => !isBefore(range.to, range.from), { path: ['to'], message: DATE_ORDER_MESSAGE })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= FLAKY_FLOWS_MAX_RANGE_DAYS * 24 * 60 * 60 * 1000, {
    path: ['to'],
    message: FLAKY_FLOWS_RANGE_MESSAGE,
  });
export type FlakyFlowsQuery = z.input<typeof flakyFlowsQuerySchema>;

export const flakyFlowSchema = z.object({
  collectionId: z.string(),
  collectionName: z.string(),
  flowId: z.string(),
  flowName: z.string(),
  /**
   * Flips over possible flips: of the flow's PASSED and FAILED results in the range, grouped by collection version and
   * resource kind (runs without either are left out) and ordered by time, the consecutive pairs that differ, over all
   * consecutive pairs. 0 to 1.
   */
  flipRate: z.number(),
  flips: z.number().int(),
  /** Results in the range that FAILED, of any version. */
  failures: z.number().int(),
  /** Finished runs in the range in which the flow ran (any result). */
  runs: z.number().int(),
  /** When the run that made the latest flip ended (ISO). */
  lastFlip: z.string(),
  /** Its last FLOW_HISTORY_LENGTH results in the range, newest last. */
  results: z.array(flowHistoryEntrySchema),
  /** Its most frequent failure signatures in the range (the first failed step of each failed result), most first. */
  topSignatures: z.array(z.object({ signature: z.string(), count: z.number().int() })),
});
export type FlakyFlow = z.infer<typeof flakyFlowSchema>;

export const flakyFlowsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The flakiest FLAKY_FLOWS_LIMIT flows: flip rate, then flips, failures and the last flip, highest first. */
    flows: z.array(flakyFlowSchema),
    /** Flows that flipped in the range, listed or not. */
    total: z.number().int(),
  }),
});
export type FlakyFlowsResponse = z.infer<typeof flakyFlowsResponseSchema>;
