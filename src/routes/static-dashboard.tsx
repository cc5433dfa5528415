import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';

export const Route = createFileRoute('/static-dashboard')({
  staticData: { title: 'Static Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('LEGACY_DASHBOARD')),
});
