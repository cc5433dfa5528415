import type { OfflineDb } from '../db';
import { useHasPendingChanges, usePendingChanges } from '../queue-views';
import './offline.css';

export const SAVED_OFFLINE_TEXT = 'saved offline, will sync';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

/** "N changes waiting" while offline changes wait in the outbox; nothing when it is empty. */
export function PendingChangesIndicator({ db }: { db?: OfflineDb }) {
  const count = usePendingChanges(db);
  if (count === 0) return null;
  return (
    <span className="offline-pending" role="status">
      <span className="offline-pending__dot" aria-hidden="true" />
      {pendingChangesText(count)}
    </span>
  );
}

/** Marks a record whose latest changes are kept locally until they reach the server. */
export function SavedOfflineMarker({ scope, db }: { scope: string; db?: OfflineDb }) {
  const pending = useHasPendingChanges(scope, db);
  return pending ? <span className="offline-saved-marker">{SAVED_OFFLINE_TEXT}</span> : null;
}
