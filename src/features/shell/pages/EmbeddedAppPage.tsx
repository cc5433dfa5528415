import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../../../lib/config';
import type { StudioConfig } from '../../../shared/config';
import { EmbeddedFrame } from '../../../ui/EmbeddedFrame';
import type { PageLocation } from '../embedded-urls';

export interface EmbeddedAppPageProps {
  title: string;
  source: (config: StudioConfig, location: PageLocation) => string;
}

/** A route that shows another application of this host in a frame (device control, parser config, static dashboard). */
export function EmbeddedAppPage({ title, source }: EmbeddedAppPageProps) {
  const { data: config = {} } = useQuery(configQueryOptions);
  return (
    <div className="embedded-page">
      <EmbeddedFrame title={title} src={source(config, window.location)} />
    </div>
  );
}
