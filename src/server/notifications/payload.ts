import { z } from 'zod';
import { RUN_STATES } from '../../shared/contracts/runs';

/** A failed step as the mail lists it. */
const failureSchema = z.object({ flow: z.string(), step: z.string(), error: z.string() });

/** What a finished run's mail says, read in the transaction that ended it. */
export const runSummarySchema = z.object({
  statusId: z.string(),
  collectionName: z.string(),
  state: z.enum(RUN_STATES),
  passedSteps: z.number().int(),
  failedSteps: z.number().int(),
  skippedSteps: z.number().int(),
  passedFlows: z.number().int(),
  failedFlows: z.number().int(),
  /** Flows in quarantine that failed: not counted in failedSteps, failedFlows or failures (issue 29). */
  quarantinedFailedFlows: z.array(z.string()).default([]),
  /** From start to end; null for a run that never started. */
  durationMs: z.number().int().nullable(),
  failures: z.array(failureSchema),
  /** Failed steps beyond `failures` (the mail lists at most MAX_LISTED_FAILURES). */
  moreFailures: z.number().int(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/**
 * The outbox row's payload: facts only. The words and the report links are made when the mail is sent, so the
 * server's PUBLIC_URL at that moment is the one the links use.
 */
export const mailPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('RUN_FINISHED'), run: runSummarySchema }),
  z.object({
    kind: z.literal('FIRING_FINISHED'),
    scheduleName: z.string(),
    executionId: z.string(),
    status: z.string(),
    durationMs: z.number().int(),
    runs: z.array(runSummarySchema),
    /** Collections of the firing that did not run (gone, cancelled before their turn). */
    skipped: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('WAIT_IN_QUEUE'),
    scheduleName: z.string(),
    executionId: z.string(),
    collectionName: z.string(),
    minutes: z.number().int(),
  }),
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;
export type MailKind = MailPayload['kind'];
