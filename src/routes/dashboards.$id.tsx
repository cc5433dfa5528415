import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

/** The published view of one report: Publish opens it in a new window, so it loads everything it needs itself. */
export const Route = createFileRoute('/dashboards/$id')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
  loader: async ({ context, params }) => {
    const { reportQuery } = await import('../features/dashboards/api/reports');
    void context.queryClient.prefetchQuery(reportQuery(params.id));
  },
});
