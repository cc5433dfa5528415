import { useSyncExternalStore } from 'react';
import { Button } from '../../../ui/Button';
import { serviceWorkerUpdates, type ServiceWorkerUpdates } from '../../../lib/pwa';
import { useWallDisplay, wallDisplayMode, type WallDisplayMode } from '../../../offline/wall-display-mode';
import './UpdatePrompt.css';

type UpdateSource = Pick<ServiceWorkerUpdates, 'subscribe' | 'get' | 'reloadIntoUpdate'>;

/**
 * A polite, non-modal banner offering the new version. On an ordinary page it never reloads by itself: the user's
 * unsaved work decides when assets change. A wall display, which nobody watches with a mouse, applies it by itself once
 * nothing waits in the offline queues (WallDisplayIndicator); the banner says so. The live region stays mounted so its
 * text is announced.
 */
export function UpdatePrompt({ updates = serviceWorkerUpdates, mode = wallDisplayMode }: { updates?: UpdateSource; mode?: WallDisplayMode }) {
  const available = useSyncExternalStore(updates.subscribe, updates.get);
  const wallDisplay = useWallDisplay(mode);
  return (
    <div role="status" className={available ? 'update-prompt update-prompt--visible' : 'update-prompt'}>
      {available && (
        <>
          <span>
            A new version of Studio is available.
            {wallDisplay && ' This wall display applies it once no transfer or change waits to be sent.'}
          </span>
          <Button variant="primary" onPress={() => updates.reloadIntoUpdate()}>
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
