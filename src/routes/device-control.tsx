import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { EmbeddedAppPage } from '../features/shell/pages/EmbeddedAppPage';
import { deviceControlUrl } from '../features/shell/embedded-urls';

export const Route = createFileRoute('/device-control')({
  staticData: { title: 'Device Control' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: DeviceControlPage,
});

function DeviceControlPage() {
  return <EmbeddedAppPage title="Device Control" source={deviceControlUrl} />;
}
