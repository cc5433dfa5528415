import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/ios-builder')({
  staticData: { title: 'iOS Gateway Client Builder' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: NotAvailablePage,
});
