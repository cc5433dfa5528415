import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/user-creation')({
  staticData: { title: 'User Creation' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
  component: NotAvailablePage,
});
