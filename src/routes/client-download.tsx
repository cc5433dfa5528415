import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/client-download')({
  staticData: { title: 'Client Download' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: NotAvailablePage,
});
