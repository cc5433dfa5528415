import { apiJson } from '../../../lib/api-client';
import { scheduleExecutionDetailsResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { operationsKeys } from './operations-keys';

/**
 * GET /api/reports/summaryReport/scheduleSummaryDetail?id: one firing and its collections, as the Control Room's
 * execution details, for the Collection Execution modal (its source: a query key and the fetch).
 */
export const scheduleSummaryDetailSource = (id: string) => ({
  queryKey: operationsKeys.scheduleSummaryDetail(id),
  fetch: async (signal: AbortSignal) =>
    (await apiJson(`${endpoints.summaryReports.scheduleSummaryDetail}?${new URLSearchParams({ id })}`, scheduleExecutionDetailsResponseSchema, { signal })).data,
});
