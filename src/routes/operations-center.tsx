import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

export const Route = createFileRoute('/operations-center')({
  staticData: { title: 'OPERATIONS CENTRE' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('OPERATIONS_CENTER'), requireFlag(flags.operationsCenterNewUI)),
  component: NotAvailablePage,
});
