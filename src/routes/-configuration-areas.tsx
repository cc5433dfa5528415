import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../lib/config';
import { flags } from '../shared/config';
import { Tabs } from '../ui/Tabs';
import { ImageFilterManagement } from '../features/image-filters/components/ImageFilterManagement';
import { ResourceManagement } from '../features/resources/components/ResourceManagement';

/** Configuration Management (spec part 1 §2): the Resource Management and Image Filter Management areas. */
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
            content: <ResourceManagement browserEnabled={flags.browserResources(config)} />,
          },
          { id: 'image-filters', title: 'Image Filter Management', content: <ImageFilterManagement /> },
        ]}
      />
    </section>
  );
}
