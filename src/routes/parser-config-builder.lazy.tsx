import { createLazyFileRoute } from '@tanstack/react-router';
import { parserConfigUrl } from '../features/shell/embedded-urls';
import { EmbeddedAppPage } from '../features/shell/pages/EmbeddedAppPage';

export const Route = createLazyFileRoute('/parser-config-builder')({
  component: ParserConfigBuilderPage,
});

function ParserConfigBuilderPage() {
  return <EmbeddedAppPage title="Parser Config Builder" source={parserConfigUrl} />;
}
