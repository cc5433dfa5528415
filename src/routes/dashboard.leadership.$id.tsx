import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/dashboard/leadership/$id')({
  staticData: { title: 'Leadership Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: NotAvailablePage,
});
