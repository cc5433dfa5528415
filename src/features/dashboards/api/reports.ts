import { queryOptions, type QueryClient } from '@tanstack/react-query';
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
 * A saved report found in the list (the spec has no call for a single report; a fresh cache answers without a request).
 * A cached list may predate the report: Publish opens a new window right after the save, and that window starts from
 * the query cache kept in IndexedDB, written a moment before the save's refetch. So a report the cached list lacks is
 * looked for once more in a list fetched now before it counts as missing.
 */
async function findSavedReport(client: QueryClient, matches: (report: Report) => boolean): Promise<Report | undefined> {
  return (await client.fetchQuery(reportListQuery())).find(matches) ?? (await client.fetchQuery({ ...reportListQuery(), staleTime: 0 })).find(matches);
}

/** One saved report by id; a 404 'Report not found' when the organization has none. */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardsKeys.report(id),
    queryFn: async ({ client }): Promise<Report> => {
      const report = await findSavedReport(client, (candidate) => candidate.id === id);
      if (!report) throw new ApiError(404, DASHBOARD_MESSAGES.reportNotFound);
      return report;
    },
  });

/** The saved report with a title (Custom Dashboard, Leadership Dashboard), or null when there is none. */
export const reportTitledQuery = (title: string) =>
  queryOptions({
    queryKey: dashboardsKeys.reportTitled(title),
    queryFn: async ({ client }): Promise<Report | null> => (await findSavedReport(client, (candidate) => candidate.title === title)) ?? null,
  });
