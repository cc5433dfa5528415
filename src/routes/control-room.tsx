import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';

/** The new schedule UI: Schedule.newSchedule false sends the user home (part 2 §2). */
export const Route = createFileRoute('/control-room')({
  staticData: { title: 'Control Room' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONTROL_ROOM'), requireFlag(flags.newSchedule)),
  // Loaders are not code-split: the query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const { schedulesQuery } = await import('../features/control-room/api/schedules');
    void context.queryClient.prefetchQuery(schedulesQuery());
  },
});
