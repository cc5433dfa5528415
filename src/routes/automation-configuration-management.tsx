import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';

/** The classic entry (ConfigurationManagement.newUI off) shows the same two areas. */
export const Route = createFileRoute('/automation-configuration-management')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('ORGANIZATIONS_MANAGEMENT')),
});
