import { useSyncExternalStore } from 'react';

/**
 * Whether a collection is being run or recorded right now. The header hides its sidebar
 * toggle while it is true (spec part 1 §2 Header). The runs feature sets it from the running-collections poll.
 */
let inProgress = false;
const listeners = new Set<() => void>();

export const collectionProgress = {
  get: (): boolean => inProgress,
  set(value: boolean): void {
    if (inProgress === value) return;
    inProgress = value;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCollectionInProgress(): boolean {
  return useSyncExternalStore(collectionProgress.subscribe, collectionProgress.get);
}
