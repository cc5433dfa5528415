import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../lib/config';
import { flags } from '../shared/config';
import { deviceControlUrl } from '../features/shell/embedded-urls';
import { Tabs } from '../ui/Tabs';
import { ImageFilterManagement } from '../features/image-filters/components/ImageFilterManagement';
import { ResourceManagement } from '../features/resources/components/ResourceManagement';
import { AuditTrailPanel } from '../features/organizations/components/AuditTrailPanel';
import { JiraConfigurationPanel } from '../features/issue-tracker/components/JiraConfigurationPanel';
import { getStoredUser } from '../lib/session';
import { hasPermission } from '../shared/permissions';

/** Configuration Management (spec part 1 §2): the Resource Management and Image Filter Management areas, and the Audit Trail. */
export function ConfigurationAreasPage() {
  const { data: config = {} } = useQuery(configQueryOptions);
  return (
    <section className="page">
      <Tabs
        label="Areas"
        tabs={[
          {
            id: 'resources',
            title: 'Resource Management',
            content: (
              <ResourceManagement
                browserEnabled={flags.browserResources(config)}
                deviceControlUrl={flags.deviceControlConfigured(config) ? deviceControlUrl(config, window.location) : undefined}
              />
            ),
          },
          { id: 'image-filters', title: 'Image Filter Management', content: <ImageFilterManagement /> },
          // The organization's Jira, for its administrators while issue filing is on (docs/decisions.md).
          ...(flags.jira(config) && hasPermission(getStoredUser()?.permissions.features, 'ORGANIZATIONS_MANAGEMENT')
            ? [{ id: 'jira', title: 'Jira Configuration', content: <JiraConfigurationPanel /> }]
            : []),
          // Who changed what (issue 30); the page itself needs ORGANIZATIONS_MANAGEMENT, as the API does.
          { id: 'audit', title: 'Audit Trail', content: <AuditTrailPanel /> },
        ]}
      />
    </section>
  );
}
