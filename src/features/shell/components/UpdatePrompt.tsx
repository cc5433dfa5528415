import { useSyncExternalStore } from 'react';
import { Button } from '../../../ui/Button';
import { serviceWorkerUpdates, type ServiceWorkerUpdates } from '../../../lib/pwa';
import './UpdatePrompt.css';

type UpdateSource = Pick<ServiceWorkerUpdates, 'subscribe' | 'get' | 'applyUpdate'>;

/**
 * A polite, non-modal banner offering the new version. It never reloads by itself: the user's
 * unsaved work decides when assets change. The live region stays mounted so its text is announced.
 */
export function UpdatePrompt({ updates = serviceWorkerUpdates }: { updates?: UpdateSource }) {
  const available = useSyncExternalStore(updates.subscribe, updates.get);
  return (
    <div role="status" className={available ? 'update-prompt update-prompt--visible' : 'update-prompt'}>
      {available && (
        <>
          <span>A new version of Studio is available.</span>
          <Button variant="primary" onPress={() => updates.applyUpdate()}>
            Reload
          </Button>
        </>
      )}
    </div>
  );
}
