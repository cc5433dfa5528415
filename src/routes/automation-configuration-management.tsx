import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/automation-configuration-management')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('ORGANIZATIONS_MANAGEMENT')),
  component: NotAvailablePage,
});
