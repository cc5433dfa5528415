import { useQuery } from '@tanstack/react-query';
import type { IncomingFrameMessage } from '../../../lib/message-bridge';
import { configQueryOptions } from '../../../lib/config';
import { flags, type StudioConfig } from '../../../shared/config';
import { EmbeddedFrame } from '../../../ui/EmbeddedFrame';
import type { PageLocation } from '../embedded-urls';
import { settingsPopup } from '../settings-popup-store';

export interface EmbeddedAppPageProps {
  title: string;
  source: (config: StudioConfig, location: PageLocation) => string;
}

/** A route that shows another application of this host in a frame (device control, parser config, static dashboard). */
export function EmbeddedAppPage({ title, source }: EmbeddedAppPageProps) {
  const { data: config = {} } = useQuery(configQueryOptions);
  // The embedded page asks for Manage Variables (part 1 §7); it opens over this page, as the settings menu opens it.
  const onMessage = (message: IncomingFrameMessage) => {
    if (message.type === 'showVariableMangementPopup' && flags.variableManagement(config)) settingsPopup.open('manage-variable');
  };
  return (
    <div className="embedded-page">
      <EmbeddedFrame title={title} src={source(config, window.location)} onMessage={onMessage} />
    </div>
  );
}
