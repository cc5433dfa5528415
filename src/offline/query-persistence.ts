import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type PersistQueryClientOptions, type Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';
import { configQueryOptions } from '../lib/config';
import { whenIdle } from '../lib/idle';
import { getSession, subscribeSession } from '../lib/session';
import { QUERY_CACHE_MAX_AGE_MS } from './constants';
import { offlineKeys } from './offline-keys';

export const QUERY_CACHE_DB_NAME = 'studio-query-cache';
const STORE = 'clients';
const CLIENT_KEY = 'react-query';
/** Writes are coalesced: a poll every 5 s must not rewrite the whole cache on every change. */
export const QUERY_CACHE_WRITE_DELAY_MS = 1_000;
/**
 * After the delay the write waits for an idle moment, this long at most: storing the cache clones every query's data (a
 * report over a year holds hundreds of kilobytes of datasets), which must not land between a dataset's arrival and its
 * charts.
 */
export const QUERY_CACHE_WRITE_IDLE_TIMEOUT_MS = 5_000;

/** A React Query persister on IndexedDB (idb): structured clone, no JSON size limit like localStorage's. */
export function createIdbPersister({ dbName = QUERY_CACHE_DB_NAME, writeDelayMs = QUERY_CACHE_WRITE_DELAY_MS } = {}): Persister & { flush(): Promise<void> } {
  let database: Promise<IDBPDatabase> | null = null;
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const open = () => (database ??= openDB(dbName, 1, { upgrade: (db) => void db.createObjectStore(STORE) }));

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = latest;
    latest = null;
    if (client) await (await open()).put(STORE, client, CLIENT_KEY);
  }

  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => whenIdle(() => void flush(), QUERY_CACHE_WRITE_IDLE_TIMEOUT_MS), writeDelayMs);
    },
    async restoreClient() {
      return (await (await open()).get(STORE, CLIENT_KEY)) as PersistedClient | undefined;
    },
    async removeClient() {
      if (timer) clearTimeout(timer);
      timer = null;
      latest = null;
      await (await open()).delete(STORE, CLIENT_KEY);
    },
    flush,
  };
}

/**
 * Queries holding data are stored, also when their last refetch failed: a view keeps its last data through an outage,
 * and a reload during one must show it still. A query that never got data is not stored. Neither are the offline
 * queues' views (['offline', …]): they read IndexedDB, which keeps them anyway, and the upload queue's items hold the
 * files' Blobs. The runtime config is left out too: it is loaded once per start so that an edited file takes effect,
 * and it keeps its own last good copy (and the service worker's).
 */
export function isPersistedQuery(query: { queryKey: QueryKey; state: { data: unknown } }): boolean {
  const [area] = query.queryKey;
  return query.state.data !== undefined && area !== offlineKeys.all[0] && area !== configQueryOptions.queryKey[0];
}

async function dropStored(persister: Persister): Promise<undefined> {
  await persister.removeClient();
  return undefined;
}

export interface QueryCachePersistence {
  /** Resolves once the stored cache is back in the query client (or found absent, old or from another build). */
  restored: Promise<void>;
  stop(): void;
}

/**
 * Keeps the query cache in IndexedDB so a reload while offline shows the last data. `buster` is the app build: a new
 * build drops the old cache, whose shapes may differ. Signing out deletes the stored cache with the in-memory one.
 * `restoreStored` false starts afresh (a new sign-in), deleting whatever an earlier session left.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  { persister = createIdbPersister(), buster = '', restoreStored = true } = {},
): QueryCachePersistence {
  const [unsubscribe, restored] = persistQueryClient({
    // The persist client pins an older query-core (5.104) than the app's (5.108): the same client API, other types.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    // A cache stored under a session that ended without this page seeing it (storage cleared elsewhere) is not shown.
    persister: {
      ...persister,
      restoreClient: () => (restoreStored && getSession() ? persister.restoreClient() : dropStored(persister)),
    },
    buster,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: isPersistedQuery },
  });
  const stopSessionWatch = subscribeSession((session) => {
    if (!session) void persister.removeClient();
  });
  // What the page itself put in the cache (setQueryData: a save kept offline shown in its list) is written at once, not
  // after the write delay: a reload within that delay would show the list without the change still waiting to sync.
  // The microtask lets the persist subscription, notified in the same pass, hand over the new cache first.
  const stopWriteThrough = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.action.manual) queueMicrotask(() => void persister.flush());
  });
  return {
    restored,
    stop() {
      unsubscribe();
      stopSessionWatch();
      stopWriteThrough();
    },
  };
}
