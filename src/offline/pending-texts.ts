/** The words the offline layer shows; kept apart from its components (and their styles) for the tests and benches. */
export const SAVED_OFFLINE_TEXT = 'saved offline, will sync';
/** The toast of a save kept in the outbox; the record's marker stays until the change reaches the server. */
export const SAVED_OFFLINE_MESSAGE = 'Saved offline, will sync when the server can be reached.';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}
