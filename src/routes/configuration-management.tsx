import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';
import { PendingAreasPage } from '../features/shell/pages/PendingAreasPage';

export const Route = createFileRoute('/configuration-management')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('ORGANIZATIONS_MANAGEMENT'), requireFlag(flags.configurationManagementNewUI)),
  component: ConfigurationManagementPage,
});

const CONFIGURATION_AREAS = ['Resource Management', 'Image Filter Management'] as const;

function ConfigurationManagementPage() {
  return <PendingAreasPage areas={CONFIGURATION_AREAS} />;
}
