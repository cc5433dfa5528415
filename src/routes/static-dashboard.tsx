import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { EmbeddedAppPage } from '../features/shell/pages/EmbeddedAppPage';
import { staticDashboardUrl } from '../features/shell/embedded-urls';

export const Route = createFileRoute('/static-dashboard')({
  staticData: { title: 'Static Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('LEGACY_DASHBOARD')),
  component: StaticDashboardPage,
});

function StaticDashboardPage() {
  return <EmbeddedAppPage title="Static Dashboard" source={staticDashboardUrl} />;
}
