import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson } from '../../../lib/api-client';
import { DASHBOARD_MESSAGES, reportListResponseSchema, type Report } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { dashboardsKeys } from './dashboards-keys';

/** GET {automation}/charts/getDashboardConfig: the saved reports of the caller's organization (part 3 §7). */
export async function fetchReportList(signal?: AbortSignal): Promise<Report[]> {
  return (await apiJson(endpoints.dashboards.list, reportListResponseSchema, { signal, fallbackMessage: DASHBOARD_MESSAGES.reportsFailed })).data;
}

export const reportListQuery = () =>
  queryOptions({
    queryKey: dashboardsKeys.reports(),
    queryFn: ({ signal }) => fetchReportList(signal),
  });

/**
 * One saved report. The spec has no call for a single report, so it is read from the list (which a fresh cache answers
 * without a request); an id the list does not hold is a 404 'Report not found'.
 */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardsKeys.report(id),
    queryFn: async ({ client }): Promise<Report> => {
      const report = (await client.fetchQuery(reportListQuery())).find((candidate) => candidate.id === id);
      if (!report) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
      return report;
    },
  });
