import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';

export const Route = createFileRoute('/configuration-management')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('ORGANIZATIONS_MANAGEMENT'), requireFlag(flags.configurationManagementNewUI)),
});
