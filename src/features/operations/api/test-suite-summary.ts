import { queryOptions } from '@tanstack/react-query';
import { testSuiteSummaryResponseSchema, type SummarySearch } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import { operationsKeys } from './operations-keys';
import { postSummary } from './post-summary';

/** POST /api/reports/summaryReport/testSuiteSummary: the collections run within the dates, oldest created first. */
export const testSuiteSummaryQuery = (search: SummarySearch) =>
  queryOptions({
    queryKey: operationsKeys.testSuiteSummary(search),
    queryFn: async ({ signal }) =>
      (await postSummary(endpoints.summaryReports.testSuiteSummary, testSuiteSummaryResponseSchema, search, signal)).sort((a, b) => Date.parse(a.createdDate) - Date.parse(b.createdDate)),
  });
