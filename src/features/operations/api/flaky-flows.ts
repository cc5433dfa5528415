import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { flakyFlowsResponseSchema, type FlakyFlowsQuery } from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import { OPERATIONS_TEXTS } from '../operations-messages';
import { operationsKeys } from './operations-keys';

/** GET {automation}/stats/flakyFlows?from&to: the flakiest flows over the range (at most 100) and how many flipped. */
export const flakyFlowsQuery = (range: FlakyFlowsQuery) =>
  queryOptions({
    queryKey: operationsKeys.flakyFlows(range),
    queryFn: async ({ signal }) =>
      (
        await apiJson(`${endpoints.flakiness.flakyFlows}?${new URLSearchParams({ from: range.from, to: range.to })}`, flakyFlowsResponseSchema, {
          signal,
          fallbackMessage: OPERATIONS_TEXTS.flakyFlowsFailed,
        })
      ).data,
  });
