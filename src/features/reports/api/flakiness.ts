import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  failureClassificationResponseSchema,
  flowHistoryResponseSchema,
  type FailureClassificationResponse,
  type FlowHistoryResponse,
} from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import { reportKeys } from './report-keys';

/** GET /stats/flowHistory?collectionId: each flow of the collection with its last results, newest last. */
export const flowHistoryQuery = (collectionId: string) =>
  queryOptions({
    queryKey: reportKeys.flowHistory(collectionId),
    queryFn: async ({ signal }): Promise<FlowHistoryResponse['data']> =>
      (await apiJson(`${endpoints.flakiness.flowHistory}?${new URLSearchParams({ collectionId })}`, flowHistoryResponseSchema, { signal })).data,
  });

/** GET /stats/failureClassification?id: the run's failed flows, each new, known or flaky. */
export const failureClassificationQuery = (statusId: string) =>
  queryOptions({
    queryKey: reportKeys.failureClassification(statusId),
    queryFn: async ({ signal }): Promise<FailureClassificationResponse['data']> =>
      (await apiJson(`${endpoints.flakiness.failureClassification}?${new URLSearchParams({ id: statusId })}`, failureClassificationResponseSchema, { signal })).data,
  });
