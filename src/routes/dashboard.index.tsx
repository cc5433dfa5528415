import { createFileRoute, redirect } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

/**
 * The dashboard home: the operations dashboard when the organization has one, otherwise the saved reports
 * (docs/decisions.md, issue 27). A list that cannot be read leaves the page on the list, which says so.
 */
export const Route = createFileRoute('/dashboard/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
  // The query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const [{ reportTitledQuery }, { CUSTOM_DASHBOARD_TITLE }] = await Promise.all([import('../features/dashboards/api/reports'), import('../shared/contracts/dashboards')]);
    const customDashboard = await context.queryClient.ensureQueryData(reportTitledQuery(CUSTOM_DASHBOARD_TITLE)).catch(() => null);
    if (customDashboard) throw redirect({ to: '/dashboard/operations', replace: true });
  },
});
