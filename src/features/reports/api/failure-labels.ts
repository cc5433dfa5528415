import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
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

/** POST createFailureLabel {labelName}. */
export async function createFailureLabel(labelName: string): Promise<LabelAnswer<FailureLabel>> {
  const { message, data } = await apiJson(endpoints.failureLabels.create, failureLabelResponseSchema, { method: 'POST', json: { labelName } });
  return { message, data };
}

/** PUT updateFailureLabel {labelId, labelName}: renames a label everywhere it is attached. */
export async function updateFailureLabel(labelId: string, labelName: string): Promise<LabelAnswer<FailureLabel>> {
  const { message, data } = await apiJson(endpoints.failureLabels.update, failureLabelResponseSchema, { method: 'PUT', json: { labelId, labelName } });
  return { message, data };
}

/** PUT updateFailedCollectionLabel {statusId, labelId}: attaches (or with null, removes) a run's label. */
export async function attachFailureLabel(statusId: string, labelId: string | null): Promise<LabelAnswer<CollectionLabel | null>> {
  const { message, data } = await apiJson(endpoints.failureLabels.attachToCollection, collectionLabelResponseSchema, { method: 'PUT', json: { statusId, labelId } });
  return { message, data };
}
