import { scheduleSummaryResponseSchema } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { scheduleSummaryOf } from '../repository';
import { registerSummarySearch } from '../summaryRoute';

export function registerScheduleSummary(api: Api): void {
  registerSummarySearch(api, {
    path: endpoints.summaryReports.scheduleSummary,
    summary: 'Schedule firings triggered within the dates, newest first, with their status and counts',
    description:
      'startDate and endDate (ISO instants) bound the trigger time; tags and versions (tag ids, any of) filter on the ' +
      "firing's collection and version tags. Status and counts are aggregated from the firing's collections and runs.",
    schema: scheduleSummaryResponseSchema,
    rowsOf: scheduleSummaryOf,
  });
}
