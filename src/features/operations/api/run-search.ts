import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  RUN_SEARCH_DEFAULT_PAGE_SIZE,
  RUN_SEARCH_MAX_PAGE_SIZE,
  runSearchResponseSchema,
  type ExecutionHistoryRow,
  type RunSearch,
  type RunSearchResponse,
} from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import type { ExecutionCriteria } from '../search-forms';
import { OPERATIONS_TEXTS } from '../operations-messages';
import { operationsKeys } from './operations-keys';

/** Exports read at most this many runs (10 pages of the largest page the server gives). */
export const EXPORT_ROW_CAP = 10_000;

/** GET {automation}/stats/search?data={JSON}: one page of the run history, newest completion first (the server sorts). */
export function fetchRunPage(criteria: ExecutionCriteria, page: number, pageSize: number, signal?: AbortSignal): Promise<RunSearchResponse> {
  const search: RunSearch = { ...criteria, page, pageSize };
  return apiJson(`${endpoints.runs.search}?${new URLSearchParams({ data: JSON.stringify(search) })}`, runSearchResponseSchema, {
    signal,
    fallbackMessage: OPERATIONS_TEXTS.searchFailed,
  });
}

/** The result table reads pages of 100 as the user scrolls near the end of what is loaded. */
export const runSearchQuery = (criteria: ExecutionCriteria) =>
  infiniteQueryOptions({
    queryKey: operationsKeys.runSearch(criteria),
    queryFn: ({ pageParam, signal }) => fetchRunPage(criteria, pageParam, RUN_SEARCH_DEFAULT_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RunSearchResponse) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export interface AllRuns {
  rows: ExecutionHistoryRow[];
  /** Every matching run, of which `rows` holds the first `cap` at most. */
  total: number;
}

/** Every run matching the criteria for an export, page after page, up to `cap`. */
export async function fetchAllRuns(criteria: ExecutionCriteria, cap = EXPORT_ROW_CAP): Promise<AllRuns> {
  const pageSize = Math.min(RUN_SEARCH_MAX_PAGE_SIZE, cap);
  const first = await fetchRunPage(criteria, 1, pageSize);
  const rows = [...first.data];
  for (let page = 2; rows.length < Math.min(first.total, cap); page += 1) {
    const { data } = await fetchRunPage(criteria, page, pageSize);
    if (data.length === 0) break;
    rows.push(...data);
  }
  return { rows: rows.slice(0, cap), total: first.total };
}
