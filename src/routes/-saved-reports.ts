import { useQuery } from '@tanstack/react-query';
import { dashboardsKeys } from '../features/dashboards/api/dashboards-keys';
import type { SavedReports, SavedReportSummary } from '../features/shell/menu-items';
import { userDetailsQueryOptions } from '../lib/user-details';
import { hasPermission } from '../shared/permissions';

const NO_REPORTS: readonly SavedReportSummary[] = [];

/**
 * The saved reports for the side menu's My Dashboards drawer, which only DASHBOARD_MANAGEMENT holders see (part 3 §2).
 * It shares the report list's cache entry, so a save or delete that refreshes the list refreshes the drawer too. The
 * fetcher loads with its own chunk, keeping the dashboards contract out of the shell's.
 */
export function useSavedReports(signedIn: boolean): SavedReports {
  const { data: user } = useQuery({ ...userDetailsQueryOptions(), enabled: signedIn });
  const { data, isError } = useQuery({
    queryKey: dashboardsKeys.reports(),
    queryFn: async ({ signal }) => (await import('../features/dashboards/api/reports')).fetchReportList(signal),
    enabled: signedIn && hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT'),
    select: (reports): readonly SavedReportSummary[] => reports.map(({ id, title }) => ({ id, title })),
  });
  if (data) return data;
  return isError ? 'failed' : signedIn ? 'loading' : NO_REPORTS;
}
