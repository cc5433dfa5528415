/**
 * Requests to open the collection status sidebar from outside the shell (a Run pressed on the Studio or the landing
 * page). Once opened this way it stays open after the run ends, so Last Collection Completed shows the result the user
 * is waiting for; runs started elsewhere (schedules, other users) show it only while they run, as before.
 */
const listeners = new Set<() => void>();

export const collectionSidebar = {
  open(): void {
    listeners.forEach((listener) => listener());
  },
  onOpen(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
