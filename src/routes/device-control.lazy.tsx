import { useQuery } from '@tanstack/react-query';
import { createLazyFileRoute } from '@tanstack/react-router';
import { DeviceControlPage } from '../features/device-control/pages/DeviceControlPage';
import { deviceControlUrl } from '../features/shell/embedded-urls';
import { configQueryOptions } from '../lib/config';
import { flags } from '../shared/config';

export const Route = createLazyFileRoute('/device-control')({
  component: DeviceControlRoute,
});

function DeviceControlRoute() {
  const { data: config = {} } = useQuery(configQueryOptions);
  return <DeviceControlPage src={deviceControlUrl(config, window.location)} port={flags.deviceControlPort(config)} host={window.location.hostname} />;
}
