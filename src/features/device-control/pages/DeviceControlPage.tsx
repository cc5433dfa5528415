import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../ui/ProgressBar';
import { deviceControlProbeQuery } from '../api/device-control';
import { StfSetupGuide } from '../components/StfSetupGuide';
import '../../../ui/card.css';
import '../components/device-control.css';

export interface DeviceControlPageProps {
  /** The STF page on the device control port of this host. */
  src: string;
  port: number;
  host: string;
}

/**
 * Embeds STF once the server has seen something answer on its port; until then, and when nothing does, no request
 * goes from the browser to that port, so the console stays clean.
 */
export function DeviceControlPage({ src, port, host }: DeviceControlPageProps) {
  const probe = useQuery(deviceControlProbeQuery(port));
  if (probe.data === true) {
    return (
      <div className="embedded-page">
        <iframe className="device-control-frame" title="Device Control" src={src} />
      </div>
    );
  }
  if (probe.isPending) {
    return (
      <section className="page device-control-page">
        <Spinner label={`Looking for device control on port ${port}`} size="large" />
      </section>
    );
  }
  return (
    <section className="page device-control-page">
      {probe.isError && <p role="alert">{probe.error.message}</p>}
      <StfSetupGuide host={host} port={port} retrying={probe.isFetching} onRetry={() => void probe.refetch()} />
    </section>
  );
}
