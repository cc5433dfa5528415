import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/organizations/new')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.organizations),
  component: NotAvailablePage,
});
