import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

/** Available only while a saved report titled Custom Dashboard exists (part 3 §2, §6); its id names the exports. */
export const Route = createFileRoute('/dashboard/operations')({
  staticData: { title: 'Operations Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
  // The query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const [{ reportTitledQuery }, { CUSTOM_DASHBOARD_TITLE }] = await Promise.all([
      import('../features/dashboards/api/reports'),
      import('../shared/contracts/dashboards'),
    ]);
    void context.queryClient.prefetchQuery(reportTitledQuery(CUSTOM_DASHBOARD_TITLE));
  },
});
