import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';

/** The old-UI route shows the same Control Room (docs/decisions.md, Control Room client). */
export const Route = createFileRoute('/automation-control-panel')({
  staticData: { title: 'Control Room' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONTROL_ROOM')),
  loader: async ({ context }) => {
    const { schedulesQuery } = await import('../features/control-room/api/schedules');
    void context.queryClient.prefetchQuery(schedulesQuery());
  },
});
