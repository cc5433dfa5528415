import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/automation-control-panel')({
  staticData: { title: 'Control Room' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONTROL_ROOM')),
  component: NotAvailablePage,
});
