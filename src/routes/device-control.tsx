import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { DeviceControlPage } from '../features/device-control/pages/DeviceControlPage';
import { deviceControlUrl } from '../features/shell/embedded-urls';
import { configQueryOptions } from '../lib/config';
import { flags } from '../shared/config';

export const Route = createFileRoute('/device-control')({
  staticData: { title: 'Device Control' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: DeviceControlRoute,
});

function DeviceControlRoute() {
  const { data: config = {} } = useQuery(configQueryOptions);
  return <DeviceControlPage src={deviceControlUrl(config, window.location)} port={flags.deviceControlPort(config)} host={window.location.hostname} />;
}
