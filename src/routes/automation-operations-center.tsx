import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { prefetchOperations } from './-operations-prefetch';

/** The old-UI route shows the same Operations Centre under its own title (docs/decisions.md, Operations Centre client). */
export const Route = createFileRoute('/automation-operations-center')({
  staticData: { title: 'Operations Centre' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('OPERATIONS_CENTER')),
  loader: ({ context }) => prefetchOperations(context.queryClient),
});
