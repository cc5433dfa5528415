import { queryOptions } from '@tanstack/react-query';
import { scheduleSummaryResponseSchema, type SummarySearch } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import { operationsKeys } from './operations-keys';
import { postSummary } from './post-summary';

/** POST /api/reports/summaryReport/scheduleSummary: the firings within the dates, latest start first. */
export const scheduleSummaryQuery = (search: SummarySearch) =>
  queryOptions({
    queryKey: operationsKeys.scheduleSummary(search),
    queryFn: async ({ signal }) =>
      (await postSummary(endpoints.summaryReports.scheduleSummary, scheduleSummaryResponseSchema, search, signal)).sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime)),
  });
