import { testSuiteSummaryResponseSchema } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { testSuiteSummaryOf } from '../repository';
import { registerSummarySearch } from '../summaryRoute';

export function registerTestSuiteSummary(api: Api): void {
  registerSummarySearch(api, {
    path: endpoints.summaryReports.testSuiteSummary,
    summary: 'Collections with finished runs within the dates, by creation date, with their latest result and counts',
    description:
      'startDate and endDate (ISO instants) bound the completion time of the runs; tags (tag ids, any of) filter on ' +
      "the collection's tags, versions on its version tag. Deleted collections count: their runs are history.",
    schema: testSuiteSummaryResponseSchema,
    rowsOf: testSuiteSummaryOf,
  });
}
