import { z } from 'zod';

/**
 * Quarantine of flaky flows (issue 29). A quarantined flow still runs and is reported, but its failure does not fail
 * its collection's run, does not mail a failure and does not file to Jira. It is released by hand, or by the platform
 * after FLAKY_RECOVERY_PASSES consecutive passes.
 */

export const QUARANTINE_REASON_MAX_LENGTH = 500;

export const QUARANTINE_MESSAGES = {
  collectionIdRequired: 'A collection id is required.',
  flowIdRequired: 'A flow id is required.',
  reasonRequired: 'A reason is required to quarantine a flow.',
  reasonTooLong: `The reason can be at most ${QUARANTINE_REASON_MAX_LENGTH} characters.`,
  quarantined: 'The flow is in quarantine.',
  released: 'The flow is released from quarantine.',
} as const;

export const collectionNotFoundMessage = (collectionId: string): string => `No collection ${collectionId} in your organization.`;
export const flowNotInCollectionMessage = (collectionId: string, flowId: string): string => `Collection ${collectionId} has no flow ${flowId}.`;
export const flowNotQuarantinedMessage = (flowId: string): string => `Flow ${flowId} is not in quarantine.`;
/** The run log's line when the run passes because only flows in quarantine failed. */
export const onlyQuarantinedFailedLogLine = (flowNames: readonly string[]): string =>
  `Only flows in quarantine failed (${flowNames.join(', ')}): their failures do not count, the run is PASSED`;
/** The run log's line when the platform releases a flow by itself. */
export const recoveredLogLine = (flowName: string, passes: number): string =>
  `Flow ${flowName} is released from quarantine after ${passes} consecutive passes`;

const collectionIdSchema = z.string().trim().min(1, QUARANTINE_MESSAGES.collectionIdRequired).max(64);
const flowRefSchema = z.object({
  collectionId: collectionIdSchema,
  flowId: z.string().trim().min(1, QUARANTINE_MESSAGES.flowIdRequired).max(64),
});

export const quarantineReasonSchema = z.string().trim().min(1, QUARANTINE_MESSAGES.reasonRequired).max(QUARANTINE_REASON_MAX_LENGTH, QUARANTINE_MESSAGES.reasonTooLong);

export const quarantineFlowRequestSchema = flowRefSchema.extend({ reason: quarantineReasonSchema });
export type QuarantineFlowRequest = z.infer<typeof quarantineFlowRequestSchema>;
export const releaseFlowRequestSchema = flowRefSchema;
export type ReleaseFlowRequest = z.infer<typeof releaseFlowRequestSchema>;

/** MANUAL: a user released it; RECOVERED: the platform did, after the flow's consecutive passes. */
export const RELEASE_KINDS = ['MANUAL', 'RECOVERED'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

export const flowQuarantineSchema = z.object({
  collectionId: z.string(),
  flowId: z.string(),
  flowName: z.string(),
  reason: z.string(),
  /** The user id of who quarantined it, and when (ISO). */
  quarantinedBy: z.string(),
  quarantinedAt: z.string(),
  /** Null while it is in quarantine. */
  released: z
    .object({
      kind: z.enum(RELEASE_KINDS),
      /** The user id for MANUAL; null when the platform released it. */
      by: z.string().nullable(),
      at: z.string(),
      /** RECOVERED: the run whose pass completed the streak. */
      statusId: z.string().nullable(),
    })
    .nullable(),
});
export type FlowQuarantine = z.infer<typeof flowQuarantineSchema>;

export const flowQuarantineResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: flowQuarantineSchema });
export type FlowQuarantineResponse = z.infer<typeof flowQuarantineResponseSchema>;

export const flowQuarantinesQuerySchema = z.object({ collectionId: collectionIdSchema });
export const flowQuarantinesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    collectionId: z.string(),
    /** Every flow of the collection ever quarantined, its latest quarantine (in quarantine or released). */
    quarantines: z.array(flowQuarantineSchema),
  }),
});
export type FlowQuarantinesResponse = z.infer<typeof flowQuarantinesResponseSchema>;

/** A flow that failed in a run while in quarantine: its failure did not count in the run's result. */
export const quarantinedFailureSchema = z.object({
  flowId: z.string(),
  flowName: z.string(),
  reason: z.string(),
  quarantinedBy: z.string(),
  quarantinedAt: z.string(),
});
export type QuarantinedFailure = z.infer<typeof quarantinedFailureSchema>;
