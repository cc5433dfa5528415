import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { SESSION_ACCESS } from '../features/custom-dashboard/api/access';
import { LeadershipDashboardPage } from '../features/custom-dashboard/leadership/LeadershipDashboardPage';

/** The leadership dashboard of a saved report ({id}, e.g. the one titled Leadership Dashboard), read with the session. */
export const Route = createFileRoute('/dashboard/leadership/$id')({
  staticData: { title: 'Leadership Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  loader: async ({ context }) => {
    const { projectListQuery } = await import('../features/custom-dashboard/api/projects');
    void context.queryClient.prefetchQuery(projectListQuery(SESSION_ACCESS));
  },
  component: LeadershipReportScreen,
});

function LeadershipReportScreen() {
  const { id } = Route.useParams();
  return <LeadershipDashboardPage access={SESSION_ACCESS} dashboardId={id} reportId={id} />;
}
