import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createLazyFileRoute } from '@tanstack/react-router';
import { MissingCustomDashboardPage, OperationsDashboardPage } from '../features/custom-dashboard/pages/OperationsDashboardPage';
import { reportTitledQuery } from '../features/dashboards/api/reports';
import { saveReport } from '../features/dashboards/api/save-report';
import { blankDraft } from '../features/dashboards/editor/report-draft';
import { userDetailsQueryOptions } from '../lib/user-details';
import { CUSTOM_DASHBOARD_TITLE, DASHBOARD_MESSAGES } from '../shared/contracts/dashboards';
import { hasPermission } from '../shared/permissions';
import { Spinner } from '../ui/ProgressBar';

export const Route = createLazyFileRoute('/dashboard/operations')({
  component: OperationsScreen,
});

function OperationsScreen() {
  const queryClient = useQueryClient();
  const customDashboard = useQuery(reportTitledQuery(CUSTOM_DASHBOARD_TITLE));
  const { data: user } = useQuery(userDetailsQueryOptions());
  const canManage = hasPermission(user?.permissions.features, 'DASHBOARD_MANAGEMENT');
  if (customDashboard.isPending) return <Spinner label="Loading dashboard" />;
  if (customDashboard.isError) return <p role="alert">{DASHBOARD_MESSAGES.reportsFailed}</p>;
  const report = customDashboard.data;
  if (!report) {
    const create = async () => {
      await saveReport(queryClient, { ...blankDraft(), title: CUSTOM_DASHBOARD_TITLE }, null);
    };
    return <MissingCustomDashboardPage canManage={canManage} onCreate={create} />;
  }
  return <OperationsDashboardPage reportId={report.id} canManage={canManage} />;
}
