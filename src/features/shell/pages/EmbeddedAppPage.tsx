import { useQuery } from '@tanstack/react-query';
import type { IncomingFrameMessage } from '../../../lib/message-bridge';
import { configQueryOptions } from '../../../lib/config';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import type { StudioConfig } from '../../../shared/config';
import { EmbeddedFrame } from '../../../ui/EmbeddedFrame';
import type { PageLocation } from '../embedded-urls';
import { recordPlaybackRequests } from '../record-playback-requests';
import { settingsPopup, type SettingsPopup } from '../settings-popup-store';
import { settingsMenuItems } from '../settings-menu';

const POPUP_REQUESTS: Partial<Record<IncomingFrameMessage['type'], SettingsPopup>> = {
  showVariableMangementPopup: 'manage-variable',
  showEmailSetupPopup: 'email-setup',
};

export interface EmbeddedAppPageProps {
  title: string;
  source: (config: StudioConfig, location: PageLocation) => string;
}

/** A route that shows another application of this host in a frame (device control, parser config, static dashboard). */
export function EmbeddedAppPage({ title, source }: EmbeddedAppPageProps) {
  const { data: config = {} } = useQuery(configQueryOptions);
  const { data: user } = useQuery(userDetailsQueryOptions());
  // The embedded page asks for Manage Variables or Email Setup (part 1 §7): each opens over this page, as the settings
  // menu opens it, and only when the menu would offer it to this user.
  const onMessage = (message: IncomingFrameMessage) => {
    const popup = POPUP_REQUESTS[message.type];
    if (popup && settingsMenuItems(user?.permissions.features ?? [], config).some((item) => item.id === popup)) settingsPopup.open(popup);
    // The recording feature checks RECORD_PLAYBACK before it opens its modal.
    if (message.type === 'recordPlaybackCollection') recordPlaybackRequests.request();
  };
  return (
    <div className="embedded-page">
      <EmbeddedFrame title={title} src={source(config, window.location)} onMessage={onMessage} />
    </div>
  );
}
