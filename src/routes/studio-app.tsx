import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/studio-app')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('STUDIO')),
  component: NotAvailablePage,
});
