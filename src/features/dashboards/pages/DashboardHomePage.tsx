import { useQuery } from '@tanstack/react-query';
import { CUSTOM_DASHBOARD_TITLE } from '../../../shared/contracts/dashboards';
import { hasPermission } from '../../../shared/permissions';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { Link } from '../../../ui/Link';
import { reportTitledQuery } from '../api/reports';
import { ReportListPage } from './ReportListPage';

export const OPERATIONS_DASHBOARD_PATH = '/dashboard/operations';

export const DASHBOARD_HOME_TEXTS = {
  noOperationsDashboard: 'There is no operations dashboard yet.',
  setUp: 'Set up the operations dashboard',
} as const;

/**
 * /dashboard (part 3 §1 leaves it open): the route opens the operations dashboard when the organization has one; without
 * one it is the list of saved reports, where a dashboard manager is offered to set the operations dashboard up.
 */
export function DashboardHomePage() {
  const customDashboard = useQuery(reportTitledQuery(CUSTOM_DASHBOARD_TITLE));
  const { data: user } = useQuery(userDetailsQueryOptions());
  const offerOperations = customDashboard.data === null && hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT');
  return (
    <ReportListPage
      note={
        offerOperations ? (
          <p className="report-list__note">
            {DASHBOARD_HOME_TEXTS.noOperationsDashboard} <Link href={OPERATIONS_DASHBOARD_PATH}>{DASHBOARD_HOME_TEXTS.setUp}</Link>
          </p>
        ) : null
      }
    />
  );
}
