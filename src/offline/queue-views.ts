import { hashKey, queryOptions, type QueryKey } from '@tanstack/react-query';
import { liveQuery, type EntityTable } from 'dexie';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PROGRESS_READ_INTERVAL_MS, PROGRESS_READ_RETRIES } from './constants';
import { isOwnedBy, isQueueItemActive, offlineDb, type OfflineDb, type OutboxEntry, type RefusedChange } from './db';
import { useAppOfflineQueues } from './offline-queues';
import { layPendingOver } from './outbox';
import { offlineKeys } from './offline-keys';
import { signedInUserId, useSignedInUserId } from './signed-in-user';

/** Keeps the signed-in user's items of a queue: another user of this browser never sees them. */
function ownedBySignedInUser(): (item: { userId?: string }) => boolean {
  const userId = signedInUserId();
  return (item) => isOwnedBy(item, userId);
}

/**
 * A transfer queue with each item's progress, oldest first, re-read every 1 s with one retry (spec §9). It reads
 * IndexedDB, not the network, so it runs offline too (networkMode 'always').
 */
function transferQueueQueryOptions<Item extends { id: string; userId?: string }, Key extends QueryKey>(queryKey: Key, table: EntityTable<Item, 'id'>) {
  return queryOptions({
    queryKey,
    queryFn: () => table.orderBy('createdAt').filter(ownedBySignedInUser()).toArray(),
    refetchInterval: PROGRESS_READ_INTERVAL_MS,
    retry: PROGRESS_READ_RETRIES,
    networkMode: 'always',
  });
}

/** The export/download queue. */
export function downloadQueueQueryOptions(db: OfflineDb = offlineDb()) {
  return transferQueueQueryOptions(offlineKeys.downloads(), db.downloads);
}

/** The upload queue. */
export function uploadQueueQueryOptions(db: OfflineDb = offlineDb()) {
  return transferQueueQueryOptions(offlineKeys.uploads(), db.uploads);
}

/** Re-exported for the queue panels (the one check lives in db.ts). */
export { isQueueItemActive };

/**
 * The refetchInterval of a view that watches a queue all the time (not only while its panel is open): every 1 s while
 * an item is waiting or moving; otherwise the view is read again only when this page changes the queue.
 */
export function whileQueueActive(query: { state: { data?: readonly { status: string }[] } }): number | false {
  return query.state.data?.some(isQueueItemActive) ? PROGRESS_READ_INTERVAL_MS : false;
}

/** A value computed from IndexedDB for the signed-in user, kept current as the tables change (here and in other tabs). */
function useLiveValue<T>(read: (db: OfflineDb, userId: string) => Promise<T>, initial: T, db: OfflineDb): T {
  const userId = useSignedInUserId();
  const [latest, setRead] = useState<{ userId: string; value: T } | null>(null);
  useEffect(() => {
    if (userId === null) return undefined;
    // A failed read keeps the last value: the indicator is a hint, not a source of truth.
    const subscription = liveQuery(() => read(db, userId)).subscribe({ next: (value) => setRead({ userId, value }), error: () => undefined });
    return () => subscription.unsubscribe();
  }, [read, db, userId]);
  // Another user's last reading is never shown, not even until the first reading for this one arrives.
  return latest !== null && latest.userId === userId ? latest.value : initial;
}

const countChanges = (db: OfflineDb, userId: string) => db.outbox.where('userId').equals(userId).count();
const pendingRecords = async (db: OfflineDb, userId: string) =>
  new Set((await db.outbox.where('userId').equals(userId).toArray()).map((entry) => entry.record));
const refusedChanges = (db: OfflineDb, userId: string) => db.refusedChanges.where('userId').equals(userId).sortBy('refusedAt');

const ownEntries = (db: OfflineDb, userId: string) => db.outbox.where('userId').equals(userId).sortBy('seq');

const NO_RECORDS: ReadonlySet<string> = new Set();
const NO_ENTRIES: readonly OutboxEntry[] = [];
const NO_REFUSALS: readonly RefusedChange[] = [];

/** How many of the signed-in user's offline changes wait to be sent. */
export function usePendingChanges(db: OfflineDb = offlineDb()): number {
  return useLiveValue(countChanges, 0, db);
}

/** The records with changes of the signed-in user waiting, for a list that marks several ('saved offline, will sync'). */
export function usePendingRecords(db: OfflineDb = offlineDb()): ReadonlySet<string> {
  return useLiveValue(pendingRecords, NO_RECORDS, db);
}

/** Whether the record has changes of the signed-in user waiting ('saved offline, will sync'). */
export function useHasPendingChanges(record: string, db: OfflineDb = offlineDb()): boolean {
  return usePendingRecords(db).has(record);
}

/**
 * `data` of the query `queryKey` as the user last left it: the signed-in user's changes still waiting in the outbox are
 * laid over it, oldest first, so a refetch answering older state never reverts or hides them on screen.
 */
export function usePendingOverlay<TData>(queryKey: QueryKey, data: TData | undefined, db: OfflineDb = offlineDb()): TData | undefined {
  const { outbox } = useAppOfflineQueues();
  const entries = useLiveValue(ownEntries, NO_ENTRIES, db);
  const key = hashKey(queryKey);
  // The key's hash stands for the key: a caller builds the key anew on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => layPendingOver(data, queryKey, entries, outbox.definitionOf), [data, key, entries, outbox]);
}

/** The signed-in user's changes the server refused on replay, oldest first. */
export function useRefusedChanges(db: OfflineDb = offlineDb()): readonly RefusedChange[] {
  return useLiveValue(refusedChanges, NO_REFUSALS, db);
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
