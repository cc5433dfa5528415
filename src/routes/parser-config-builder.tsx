import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';
import { EmbeddedAppPage } from '../features/shell/pages/EmbeddedAppPage';
import { parserConfigUrl } from '../features/shell/embedded-urls';

export const Route = createFileRoute('/parser-config-builder')({
  staticData: { title: 'Parser Config Builder' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONFIG_PARSER')),
  component: ParserConfigBuilderPage,
});

function ParserConfigBuilderPage() {
  return <EmbeddedAppPage title="Parser Config Builder" source={parserConfigUrl} />;
}
