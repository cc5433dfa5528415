import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireDashboardId } from '../features/auth/guards';
import { rememberLeadershipDashboard } from '../features/auth/leadership-dashboard';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';
import { optionalString } from './-search';

/** Shared with executives who may not be signed in: the dashboardId link is the only key (part 3 §2). */
export const Route = createFileRoute('/dashboard/leadership/')({
  staticData: { title: 'Leadership Dashboard' },
  validateSearch: (search: Record<string, unknown>): { dashboardId?: string } => ({ dashboardId: optionalString(search.dashboardId) }),
  beforeLoad: ({ search }) => {
    const outcome = requireDashboardId(search.dashboardId);
    if (outcome) throw redirect({ to: outcome.to, replace: true });
    if (search.dashboardId) rememberLeadershipDashboard(search.dashboardId);
  },
  component: NotAvailablePage,
});
