import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';
import { NotAvailablePage } from '../features/shell/pages/NotAvailablePage';

/** The new schedule UI: Schedule.newSchedule false sends the user home (part 2 §2). */
export const Route = createFileRoute('/control-room')({
  staticData: { title: 'Control Room' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONTROL_ROOM'), requireFlag(flags.newSchedule)),
  component: NotAvailablePage,
});
