import { queryOptions } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { PROGRESS_READ_INTERVAL_MS, PROGRESS_READ_RETRIES } from './constants';
import { offlineDb, type OfflineDb } from './db';
import { offlineKeys } from './offline-keys';
import type { QueueGate } from './queue-gate';

/**
 * The export/download queue with each item's progress, re-read every 1 s with one retry (spec §9). It reads IndexedDB,
 * not the network, so it runs offline too (networkMode 'always').
 */
export function downloadQueueQueryOptions(db: OfflineDb = offlineDb()) {
  return queryOptions({
    queryKey: offlineKeys.downloads(),
    queryFn: () => db.downloads.orderBy('createdAt').toArray(),
    refetchInterval: PROGRESS_READ_INTERVAL_MS,
    retry: PROGRESS_READ_RETRIES,
    networkMode: 'always',
  });
}

/** The upload queue, read like the download queue. */
export function uploadQueueQueryOptions(db: OfflineDb = offlineDb()) {
  return queryOptions({
    queryKey: offlineKeys.uploads(),
    queryFn: () => db.uploads.orderBy('createdAt').toArray(),
    refetchInterval: PROGRESS_READ_INTERVAL_MS,
    retry: PROGRESS_READ_RETRIES,
    networkMode: 'always',
  });
}

/** Items still to be sent or received; finished ones are completed or failed. */
export function isQueueItemActive(item: { status: string }): boolean {
  return item.status === 'queued' || item.status === 'downloading' || item.status === 'uploading';
}

/**
 * The refetchInterval of a view that watches a queue all the time (not only while its panel is open): every 1 s while
 * an item is waiting or moving; otherwise the view is read again only when this page changes the queue.
 */
export function whileQueueActive(query: { state: { data?: readonly { status: string }[] } }): number | false {
  return query.state.data?.some(isQueueItemActive) ? PROGRESS_READ_INTERVAL_MS : false;
}

/** A value computed from IndexedDB, kept current as the tables change (in this tab and in others). */
function useLiveValue<T>(read: (db: OfflineDb) => Promise<T>, initial: T, db: OfflineDb): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    // A failed read keeps the last value: the indicator is a hint, not a source of truth.
    const subscription = liveQuery(() => read(db)).subscribe({ next: setValue, error: () => undefined });
    return () => subscription.unsubscribe();
  }, [read, db]);
  return value;
}

const countChanges = (db: OfflineDb) => db.outbox.count();
const pendingScopes = async (db: OfflineDb) => new Set((await db.outbox.orderBy('scope').uniqueKeys()).map(String));

/** How many offline changes wait to be sent. */
export function usePendingChanges(db: OfflineDb = offlineDb()): number {
  return useLiveValue(countChanges, 0, db);
}

/** Whether the record `scope` has changes waiting ('saved offline, will sync'). */
export function useHasPendingChanges(scope: string, db: OfflineDb = offlineDb()): boolean {
  return useLiveValue(pendingScopes, new Set<string>(), db).has(scope);
}

/** True while the queues are paused until the user signs in again. */
export function useSignInNeeded(gate: QueueGate): boolean {
  return useSyncExternalStore(gate.subscribe, gate.isSignInNeeded);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser reports a network; only a hint (online may still be a dead link), for wording a stalled item. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
