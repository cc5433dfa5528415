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
 * without a request). A cached list may predate the report: Publish opens a new window right after the save, and that
 * window starts from the query cache kept in IndexedDB, written a moment before the save's refetch. So an id the
 * cached list lacks is looked up once more in a list fetched now, and only then is a 404 'Report not found'.
 */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardsKeys.report(id),
    queryFn: async ({ client }): Promise<Report> => {
      const inList = (list: readonly Report[]) => list.find((candidate) => candidate.id === id);
      const report = inList(await client.fetchQuery(reportListQuery())) ?? inList(await client.fetchQuery({ ...reportListQuery(), staleTime: 0 }));
      if (!report) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
      return report;
    },
  });
