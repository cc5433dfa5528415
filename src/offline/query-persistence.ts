import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type PersistQueryClientOptions, type Persister } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';
import { subscribeSession } from '../lib/session';

export const QUERY_CACHE_DB_NAME = 'studio-query-cache';
const STORE = 'clients';
const CLIENT_KEY = 'react-query';
/** A cache older than this is not shown: a week-old list would mislead more than an empty one. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes are coalesced: a poll every 5 s must not rewrite the whole cache on every change. */
export const QUERY_CACHE_WRITE_DELAY_MS = 1_000;

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
      timer ??= setTimeout(() => void flush(), writeDelayMs);
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

export interface QueryCachePersistence {
  /** Resolves once the stored cache is back in the query client (or found absent, old or from another build). */
  restored: Promise<void>;
  stop(): void;
}

/**
 * Keeps the query cache in IndexedDB so a reload while offline shows the last data. `buster` is the app build: a new
 * build drops the old cache, whose shapes may differ. Signing out deletes the stored cache with the in-memory one.
 */
export function persistQueryCache(queryClient: QueryClient, { persister = createIdbPersister(), buster = '' } = {}): QueryCachePersistence {
  const [unsubscribe, restored] = persistQueryClient({
    // The persist client pins an older query-core (5.104) than the app's (5.108): the same client API, other types.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    persister,
    buster,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
  });
  const stopSessionWatch = subscribeSession((session) => {
    if (!session) void persister.removeClient();
  });
  return {
    restored,
    stop() {
      unsubscribe();
      stopSessionWatch();
    },
  };
}
