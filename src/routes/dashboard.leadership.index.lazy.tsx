import { createLazyFileRoute } from '@tanstack/react-router';
import { leadershipAccess } from '../features/custom-dashboard/leadership/leadership-access';
import { LeadershipDashboardPage } from '../features/custom-dashboard/leadership/LeadershipDashboardPage';
import { useSignedInUserId } from '../offline/signed-in-user';

export const Route = createLazyFileRoute('/dashboard/leadership/')({
  component: LeadershipDisplayScreen,
});

function LeadershipDisplayScreen() {
  const dashboardId = Route.useSearch({ select: (search) => search.dashboardId ?? '' });
  const access = leadershipAccess(dashboardId, useSignedInUserId() !== null);
  return <LeadershipDashboardPage access={access} dashboardId={dashboardId} reportId={access.kind === 'session' ? dashboardId : undefined} />;
}
