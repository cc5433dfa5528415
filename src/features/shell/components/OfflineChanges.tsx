import { useEffect, useState } from 'react';
import { PendingChangesIndicator } from '../../../offline/components/PendingChanges';
import { useAppOfflineQueues } from '../../../offline/offline-queues';
import { useRefusedChanges } from '../../../offline/queue-views';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast-queue';
import './offline-changes.css';

export const REFUSED_CHANGES_TITLE = 'Changes that could not be applied';

/** The toast of a change the server refused when it was replayed: which record, and why. */
export function refusedChangeMessage(change: { label: string; message: string }): string {
  return `${change.label} could not be saved: ${change.message}`;
}

function refusedCountText(count: number): string {
  return count === 1 ? '1 change not applied' : `${count} changes not applied`;
}

/**
 * The header's view of the offline changes: 'N changes waiting', a toast for each change the server refuses on a
 * replay, and the refused changes kept in a list (with the server's message) until the user discards them.
 */
export function OfflineChanges() {
  const { outbox, db } = useAppOfflineQueues();
  const refused = useRefusedChanges(db);
  const [isListOpen, setListOpen] = useState(false);

  useEffect(() => outbox.onRefused((change) => toast.error(refusedChangeMessage(change))), [outbox]);

  return (
    <>
      <PendingChangesIndicator db={db} />
      {refused.length > 0 && (
        <Button variant="ghost" className="offline-changes__refused" onPress={() => setListOpen(true)}>
          {refusedCountText(refused.length)}
        </Button>
      )}
      <Dialog
        title={REFUSED_CHANGES_TITLE}
        isOpen={isListOpen && refused.length > 0}
        onDismiss={() => setListOpen(false)}
        footer={<Button onPress={() => setListOpen(false)}>Close</Button>}
      >
        <p>The server refused these changes when they were sent. Make them again if they are still wanted, then discard them here.</p>
        <ul className="offline-changes__list">
          {refused.map((change) => (
            <li key={change.id}>
              <span className="offline-changes__label">{change.label}</span>
              <span className="offline-changes__message">{change.message}</span>
              <Button variant="ghost" aria-label={`Discard the change to ${change.label}`} onPress={() => void outbox.discardRefused(change.id)}>
                Discard
              </Button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
