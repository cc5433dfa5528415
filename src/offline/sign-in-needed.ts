import { useSyncExternalStore } from 'react';

/** A user's queued work that waits for them to sign in again. */
export interface WorkWaitingForSignIn {
  changes: number;
  transfers: number;
}

let waiting: WorkWaitingForSignIn | null = null;
const listeners = new Set<() => void>();

/**
 * Set by the offline queues when a refused token refresh paused them (null once they run again). Kept apart from the
 * queues, without Dexie, so the sign-in page can show it without loading the offline layer.
 */
export function setWorkWaitingForSignIn(value: WorkWaitingForSignIn | null): void {
  waiting = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The work waiting for a sign-in, or null when nothing waits for one. */
export function useWorkWaitingForSignIn(): WorkWaitingForSignIn | null {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  );
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "Your session has ended. 3 changes and 1 transfer wait for you to sign in again." */
export function workWaitingText({ changes, transfers }: WorkWaitingForSignIn): string {
  const parts = [
    ...(changes > 0 ? [counted(changes, 'change', 'changes')] : []),
    ...(transfers > 0 ? [counted(transfers, 'transfer', 'transfers')] : []),
  ];
  const verb = changes + transfers === 1 ? 'waits' : 'wait';
  return `Your session has ended. ${parts.join(' and ')} ${verb} for you to sign in again.`;
}
