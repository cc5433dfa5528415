import type { OfflineDb } from '../db';
import { usePendingChanges } from '../queue-views';
import './offline.css';

export const SAVED_OFFLINE_TEXT = 'saved offline, will sync';
/** The toast of a save kept in the outbox; the record's marker stays until the change reaches the server. */
export const SAVED_OFFLINE_MESSAGE = 'Saved offline, will sync when the server can be reached.';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}

/** "N changes waiting" while the signed-in user's offline changes wait in the outbox; nothing when there are none. */
export function PendingChangesIndicator({ db }: { db?: OfflineDb }) {
  const count = usePendingChanges(db);
  if (count === 0) return null;
  return (
    <span className="offline-pending" role="status" aria-label={pendingChangesText(count)}>
      <span className="offline-pending__dot" aria-hidden="true" />
      {pendingChangesText(count)}
    </span>
  );
}

/** The 'saved offline, will sync' mark, next to a record with changes waiting (usePendingRecords, useHasPendingChanges). */
export function SavedOfflineBadge() {
  return <span className="offline-saved-marker">{SAVED_OFFLINE_TEXT}</span>;
}
