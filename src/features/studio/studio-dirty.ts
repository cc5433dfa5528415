import { useSyncExternalStore } from 'react';

/** Whether the Studio form holds unsaved edits: the route's unsaved-changes guard blocks leaving only then. */
let dirty = false;
const listeners = new Set<() => void>();

export function setStudioDirty(next: boolean): void {
  if (dirty === next) return;
  dirty = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStudioDirty(): boolean {
  return useSyncExternalStore(subscribe, () => dirty);
}
