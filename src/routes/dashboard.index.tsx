import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

export const Route = createFileRoute('/dashboard/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardView),
});
