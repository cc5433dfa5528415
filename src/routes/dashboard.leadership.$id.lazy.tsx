import { createLazyFileRoute } from '@tanstack/react-router';
import { SESSION_ACCESS } from '../features/custom-dashboard/api/access';
import { LeadershipDashboardPage } from '../features/custom-dashboard/leadership/LeadershipDashboardPage';

export const Route = createLazyFileRoute('/dashboard/leadership/$id')({
  component: LeadershipReportScreen,
});

function LeadershipReportScreen() {
  const { id } = Route.useParams();
  return <LeadershipDashboardPage access={SESSION_ACCESS} dashboardId={id} reportId={id} />;
}
