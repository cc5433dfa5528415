import type { OfflineDb } from '../db';
import { usePendingChanges } from '../queue-views';
import { pendingChangesText, SAVED_OFFLINE_TEXT } from '../pending-texts';
import './offline.css';


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
