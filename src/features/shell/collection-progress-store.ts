import { useSyncExternalStore } from 'react';

/**
 * Whether a collection is being run or recorded right now: the status sidebar shows by itself while it is true, unless
 * the user closed it (issue 27). The runs feature sets it from the running-collections poll.
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
