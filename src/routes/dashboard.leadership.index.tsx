import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireDashboardId } from '../features/auth/guards';
import { rememberLeadershipDashboard } from '../features/auth/leadership-dashboard';
import { getSession } from '../lib/session';
import { optionalString } from './-search';

/**
 * Shared with executives who may not be signed in: the dashboardId link is the only key (part 3 §2). It is a display
 * token (issue 17) read through the shared calls, or a saved report's id read with the session.
 */
export const Route = createFileRoute('/dashboard/leadership/')({
  staticData: { title: 'Leadership Dashboard' },
  validateSearch: (search: Record<string, unknown>): { dashboardId?: string } => ({ dashboardId: optionalString(search.dashboardId) }),
  beforeLoad: ({ search }) => {
    const outcome = requireDashboardId(search.dashboardId);
    if (outcome) throw redirect({ to: outcome.to, replace: true });
    if (search.dashboardId) rememberLeadershipDashboard(search.dashboardId);
  },
  loaderDeps: ({ search }) => ({ dashboardId: search.dashboardId ?? '' }),
  loader: async ({ context, deps }) => {
    const [{ projectListQuery }, { leadershipAccess }] = await Promise.all([
      import('../features/custom-dashboard/api/projects'),
      import('../features/custom-dashboard/leadership/leadership-access'),
    ]);
    void context.queryClient.prefetchQuery(projectListQuery(leadershipAccess(deps.dashboardId, getSession() !== null)));
  },
});
