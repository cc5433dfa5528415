import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

export const Route = createFileRoute('/dashboards/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
  // The query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const { reportListQuery } = await import('../features/dashboards/api/reports');
    void context.queryClient.prefetchQuery(reportListQuery());
  },
});
