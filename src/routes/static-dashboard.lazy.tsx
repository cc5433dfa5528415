import { createLazyFileRoute } from '@tanstack/react-router';
import { staticDashboardUrl } from '../features/shell/embedded-urls';
import { EmbeddedAppPage } from '../features/shell/pages/EmbeddedAppPage';

export const Route = createLazyFileRoute('/static-dashboard')({
  component: StaticDashboardPage,
});

function StaticDashboardPage() {
  return <EmbeddedAppPage title="Static Dashboard" source={staticDashboardUrl} />;
}
