import { STORAGE_KEYS } from '../../lib/session';

/**
 * The collection status sidebar's two inputs from outside the shell's layout (issue 19, issue 27):
 * - requests to show it (a Run pressed on the Studio or the landing page, an import): once opened this way it stays
 *   open after the run ends, so Last Collection Completed shows the result the user is waiting for;
 * - the user's own choice with the header's toggle, kept in this browser: once the user closed it, neither a request
 *   nor a collection in progress opens it again, until the user opens it with the toggle.
 */
const listeners = new Set<() => void>();

export type SidebarChoice = 'open' | 'closed';

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
  /** What the user last chose with the toggle in this browser, or null if they never used it. */
  choice(): SidebarChoice | null {
    const stored = localStorage.getItem(STORAGE_KEYS.collectionSidebar);
    return stored === 'open' || stored === 'closed' ? stored : null;
  },
  choose(choice: SidebarChoice): void {
    localStorage.setItem(STORAGE_KEYS.collectionSidebar, choice);
  },
};
