import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/automation-operations-center')({
  staticData: { title: 'Operations Centre' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('OPERATIONS_CENTER')),
  component: NotAvailablePage,
});
