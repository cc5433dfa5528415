import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { upsertBy } from '../../../lib/lists';
import { idempotencyHeaders, pendingView, type OfflineMutation, type PendingView } from '../../../offline/outbox';
import {
  collectionLabelResponseSchema,
  failureLabelListResponseSchema,
  failureLabelResponseSchema,
  type CollectionLabel,
  type FailureLabel,
} from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { reportKeys } from './report-keys';

/** GET getFailureLabelList: every failure label a run can be given. */
export const failureLabelsQuery = () =>
  queryOptions({
    queryKey: reportKeys.failureLabels(),
    queryFn: async ({ signal }): Promise<FailureLabel[]> => (await apiJson(endpoints.failureLabels.list, failureLabelListResponseSchema, { signal })).data,
  });

/** GET getCollectionLabel?collectionId={statusId}: the label of one run, or null. */
export const collectionLabelQuery = (statusId: string) =>
  queryOptions({
    queryKey: reportKeys.collectionLabel(statusId),
    queryFn: async ({ signal }): Promise<CollectionLabel | null> =>
      (await apiJson(`${endpoints.failureLabels.ofCollection}?${new URLSearchParams({ collectionId: statusId })}`, collectionLabelResponseSchema, { signal })).data,
  });

export interface LabelAnswer<Data> {
  message: string;
  data: Data;
}

/** POST createFailureLabel {labelName, labelId}: `labelId` is the id this client made for the new label. */
export async function createFailureLabel(label: FailureLabel, headers?: Record<string, string>): Promise<LabelAnswer<FailureLabel>> {
  const { message, data } = await apiJson(endpoints.failureLabels.create, failureLabelResponseSchema, { method: 'POST', json: label, headers });
  return { message, data };
}

/** PUT updateFailureLabel {labelId, labelName}: renames a label everywhere it is attached. */
export async function updateFailureLabel({ labelId, labelName }: FailureLabel, headers?: Record<string, string>): Promise<LabelAnswer<FailureLabel>> {
  const { message, data } = await apiJson(endpoints.failureLabels.update, failureLabelResponseSchema, { method: 'PUT', json: { labelId, labelName }, headers });
  return { message, data };
}

/** A run's label as chosen: `labelId` null removes it; `labelName` names it on screen while the change waits. */
export interface RunLabelChoice {
  statusId: string;
  labelId: string | null;
  labelName: string | null;
}

/** PUT updateFailedCollectionLabel {statusId, labelId}: attaches (or with null, removes) a run's label. */
export async function attachFailureLabel({ statusId, labelId }: RunLabelChoice, headers?: Record<string, string>): Promise<LabelAnswer<CollectionLabel | null>> {
  const { message, data } = await apiJson(endpoints.failureLabels.attachToCollection, collectionLabelResponseSchema, {
    method: 'PUT',
    json: { statusId, labelId },
    headers,
  });
  return { message, data };
}

export const failureLabelRecord = (labelId: string) => `failureLabel:${labelId}`;
export const runLabelRecord = (statusId: string) => `runLabel:${statusId}`;

/**
 * Every failure label change replays in one order, the order it was made: a label created offline then exists before
 * a run is given it or it is renamed. Each change still marks its own record.
 */
const FAILURE_LABELS_SCOPE = 'failureLabels';
const labelsKey = reportKeys.failureLabels();

/** The label list with `label` added or renamed. */
const inLabelList = (label: FailureLabel): PendingView => pendingView(labelsKey, (labels: FailureLabel[]) => withFailureLabel(labels, label));

export const createFailureLabelMutation: OfflineMutation<FailureLabel, LabelAnswer<FailureLabel>> = {
  mutationKey: [...labelsKey, 'create'],
  scope: () => FAILURE_LABELS_SCOPE,
  record: ({ labelId }) => failureLabelRecord(labelId),
  describe: ({ labelName }) => `Failure label '${labelName}'`,
  refreshes: () => [labelsKey],
  shows: (label) => [inLabelList(label)],
  send: (label, { idempotencyKey }) => createFailureLabel(label, idempotencyHeaders(idempotencyKey)),
};

export const renameFailureLabelMutation: OfflineMutation<FailureLabel, LabelAnswer<FailureLabel>> = {
  mutationKey: [...labelsKey, 'rename'],
  scope: () => FAILURE_LABELS_SCOPE,
  record: ({ labelId }) => failureLabelRecord(labelId),
  describe: ({ labelName }) => `Failure label '${labelName}'`,
  // A rename shows wherever the label is attached.
  refreshes: () => [labelsKey, reportKeys.collectionLabels()],
  shows: (label) => [
    inLabelList(label),
    pendingView(reportKeys.collectionLabels(), (shown: CollectionLabel | null) => (shown?.labelId === label.labelId ? { ...shown, ...label } : shown)),
  ],
  send: (label, { idempotencyKey }) => updateFailureLabel(label, idempotencyHeaders(idempotencyKey)),
};

export const attachFailureLabelMutation: OfflineMutation<RunLabelChoice, LabelAnswer<CollectionLabel | null>> = {
  mutationKey: [...labelsKey, 'attach'],
  scope: () => FAILURE_LABELS_SCOPE,
  record: ({ statusId }) => runLabelRecord(statusId),
  describe: ({ statusId }) => `The failure label of run ${statusId}`,
  refreshes: ({ statusId }) => [reportKeys.collectionLabel(statusId)],
  shows: ({ statusId, labelId, labelName }) => [
    pendingView(reportKeys.collectionLabel(statusId), (): CollectionLabel | null => (labelId === null ? null : { statusId, labelId, labelName: labelName ?? '' })),
  ],
  send: (choice, { idempotencyKey }) => attachFailureLabel(choice, idempotencyHeaders(idempotencyKey)),
};

/** The labels with one added or renamed. */
function withFailureLabel(labels: readonly FailureLabel[] | undefined, label: FailureLabel): FailureLabel[] {
  return upsertBy(labels, label, (known) => known.labelId, (a, b) => a.labelName.localeCompare(b.labelName));
}
