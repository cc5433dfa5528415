import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '../lib/session';

/** The signed-in user's id now (null: nobody is signed in). */
export const signedInUserId = (): string | null => getSession()?.userId ?? null;

/**
 * The signed-in user's id, kept current as sessions change (in this tab and in others). Kept apart from the queue
 * views, without Dexie, so the shell can read it without loading the offline layer.
 */
export function useSignedInUserId(): string | null {
  return useSyncExternalStore(subscribeSession, signedInUserId);
}
