import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

/** The dashboards issue adds the rule that a saved report titled Custom Dashboard must exist (part 3 §2). */
export const Route = createFileRoute('/dashboard/operations')({
  staticData: { title: 'Operations Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
  component: NotAvailablePage,
});
