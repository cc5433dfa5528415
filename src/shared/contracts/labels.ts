import { z } from 'zod';
import { clientRecordIdSchema } from './client-ids';
import { FIELD_ERROR_KEYS } from './collections';

/** Failure labels (spec part 3 §3 and §7): a name a tester attaches to a failed run to classify the failure. */
export const failureLabelSchema = z.object({ labelId: z.string(), labelName: z.string() });
export type FailureLabel = z.infer<typeof failureLabelSchema>;

/** Older servers answer status as the string 'true'/'false'; this server sends a boolean. Clients accept both. */
export const labelStatusSchema = z.union([z.boolean(), z.enum(['true', 'false'])]);

export function isLabelStatusOk(status: z.infer<typeof labelStatusSchema>): boolean {
  return status === true || status === 'true';
}

const labelNameSchema = z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength);

/** A new label; `labelId` is the id its client made for it (see client-ids), so a run can be labelled before it syncs. */
export const createFailureLabelRequestSchema = z.object({ labelName: labelNameSchema, labelId: clientRecordIdSchema.optional() });
export const updateFailureLabelRequestSchema = z.object({ labelId: z.string().min(1, FIELD_ERROR_KEYS.required).max(64), labelName: labelNameSchema });

/** Attaches a label to a failed run (`statusId`); a null labelId detaches it. */
export const updateFailedCollectionLabelRequestSchema = z.object({
  statusId: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64),
  labelId: z.string().min(1).max(64).nullable(),
});

export const collectionLabelQuerySchema = z.object({ collectionId: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64) });

/** The label of one run; `collectionId` in the query is the run's statusId. */
export const collectionLabelSchema = z.object({ statusId: z.string(), labelId: z.string(), labelName: z.string() });
export type CollectionLabel = z.infer<typeof collectionLabelSchema>;

export const FAILURE_LABEL_CREATED_MESSAGE = 'Failure Label Created';
export const FAILURE_LABEL_UPDATED_MESSAGE = 'Failure Label Updated';
export const COLLECTION_LABEL_UPDATED_MESSAGE = 'Collection Label Updated';
export const COLLECTION_LABEL_REMOVED_MESSAGE = 'Collection Label Removed';

export function failureLabelNotFoundMessage(labelId: string): string {
  return `Failure label ${labelId} not found`;
}

/** Failure labels classify failures: a run that passed, or was cancelled or aborted, carries none. */
export function labelNeedsFailedRunMessage(statusId: string, state: string): string {
  return `Run ${statusId} ended ${state}: only a failed run can carry a failure label.`;
}

export function failureLabelIdTakenMessage(labelId: string): string {
  return `A failure label with id ${labelId} already exists.`;
}

export function duplicateFailureLabelMessage(name: string): string {
  return `A failure label named '${name}' already exists.`;
}

export const failureLabelResponseSchema = z.object({ status: labelStatusSchema, message: z.string(), data: failureLabelSchema });
export const failureLabelListResponseSchema = z.object({ status: labelStatusSchema, message: z.string(), data: z.array(failureLabelSchema) });
export const collectionLabelResponseSchema = z.object({ status: labelStatusSchema, message: z.string(), data: collectionLabelSchema.nullable() });
