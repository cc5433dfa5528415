import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQueryOptions } from '../lib/config';
import { clearSession, setSession } from '../lib/session';
import { offlineKeys } from './offline-keys';
import { createIdbPersister, persistQueryCache, QUERY_CACHE_WRITE_IDLE_TIMEOUT_MS, type QueryCachePersistence } from './query-persistence';
import { waitUntil } from '../../tests/support/wait';

describe('query cache persistence', () => {
  const running: QueryCachePersistence[] = [];
  const stopAll = () => running.splice(0).forEach((persistence) => persistence.stop());
  afterEach(stopAll);

  function start(queryClient: QueryClient, persister: ReturnType<typeof createIdbPersister>, buster = 'build-1') {
    const persistence = persistQueryCache(queryClient, { persister, buster });
    running.push(persistence);
    return persistence;
  }

  /** Signs in, persists a fresh client into `dbName`, lets `fill` change its cache and writes it out. */
  async function storeCache(dbName: string, fill: (queryClient: QueryClient) => unknown) {
    setSession({ token: 't', refreshToken: 'r', userId: 'u' });
    const persister = createIdbPersister({ dbName, writeDelayMs: 10 });
    const queryClient = new QueryClient();
    await start(queryClient, persister).restored;
    await fill(queryClient);
    await persister.flush();
    return { queryClient, persister };
  }

  /** The next page: a new client with whatever the store gives back. */
  async function reload(dbName: string, buster?: string): Promise<QueryClient> {
    const queryClient = new QueryClient();
    await start(queryClient, createIdbPersister({ dbName }), buster).restored;
    return queryClient;
  }

  it('shows the last data after a reload without network', async () => {
    await storeCache('cache-reload', (before) => before.setQueryData(['devices', 'list'], [{ deviceId: 'd1', name: 'Pixel' }]));
    const after = await reload('cache-reload');
    expect(after.getQueryData(['devices', 'list'])).toEqual([{ deviceId: 'd1', name: 'Pixel' }]);
  });

  it('writes what the page put in the cache at once, and fetched data only after the write delay', async () => {
    setSession({ token: 't', refreshToken: 'r', userId: 'u' });
    const dbName = 'cache-write-through';
    const queryClient = new QueryClient();
    await start(queryClient, createIdbPersister({ dbName, writeDelayMs: 60_000 })).restored;
    const storedKeys = async () => (await createIdbPersister({ dbName }).restoreClient())?.clientState.queries.map((query) => query.queryKey);

    await queryClient.fetchQuery({ queryKey: ['devices', 'list'], queryFn: () => ['Pixel'] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedKeys()).toBeUndefined();
    // A save kept offline, shown in its list: a reload right after must still show it.
    queryClient.setQueryData(['image-filters', 'list'], ['Saved offline']);
    await expect.poll(storedKeys).toEqual([
      ['devices', 'list'],
      ['image-filters', 'list'],
    ]);
  });

  it('writes fetched data only once the page is idle after the write delay, so the clone never lands between data and its charts', async () => {
    setSession({ token: 't', refreshToken: 'r', userId: 'u' });
    const idleCallbacks: { callback: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => idleCallbacks.push({ callback, timeout: options?.timeout }));
    try {
      const dbName = 'cache-write-when-idle';
      const queryClient = new QueryClient();
      await start(queryClient, createIdbPersister({ dbName, writeDelayMs: 10 })).restored;
      const storedKeys = async () => (await createIdbPersister({ dbName }).restoreClient())?.clientState.queries.map((query) => query.queryKey);

      await queryClient.fetchQuery({ queryKey: ['dashboard', 'datasets'], queryFn: () => ({ results: [[1, 2, 3]] }) });
      await waitUntil(() => expect(idleCallbacks).toHaveLength(1));
      expect(idleCallbacks[0]?.timeout).toBe(QUERY_CACHE_WRITE_IDLE_TIMEOUT_MS);
      expect(await storedKeys()).toBeUndefined();
      idleCallbacks[0]?.callback();
      await expect.poll(storedKeys).toEqual([['dashboard', 'datasets']]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("stores neither the offline queues' views (their items hold file Blobs), the runtime config, nor queries without data", async () => {
    await storeCache('cache-filter', async (before) => {
      before.setQueryData(offlineKeys.uploads(), [{ id: 'u1', file: new Blob(['bytes']) }]);
      before.setQueryData(configQueryOptions.queryKey, { HealthStatus: { enabled: true } });
      before.setQueryData(['importexport', 'status'], [{ id: 'import-1' }]);
      await before.prefetchQuery({ queryKey: ['devices', 'list'], queryFn: () => Promise.reject(new Error('offline')) });
    });
    const after = await reload('cache-filter');
    expect(after.getQueryData(['importexport', 'status'])).toEqual([{ id: 'import-1' }]);
    expect(after.getQueryData(offlineKeys.uploads())).toBeUndefined();
    // Loaded once per start, so that an edited config file takes effect on the next one.
    expect(after.getQueryData(configQueryOptions.queryKey)).toBeUndefined();
    expect(after.getQueryState(['devices', 'list'])).toBeUndefined();
  });

  it('stores the last data of a view whose refetch failed, so a reload during an outage still shows it', async () => {
    await storeCache('cache-failed-refetch', async (before) => {
      await before.fetchQuery({ queryKey: ['schedules'], queryFn: () => ['Nightly'] });
      await before
        .fetchQuery({ queryKey: ['schedules'], queryFn: () => Promise.reject(new Error('no answer')), staleTime: 0, retry: false })
        .catch(() => undefined);
      expect(before.getQueryState(['schedules'])?.status).toBe('error');
    });
    const after = await reload('cache-failed-refetch');
    expect(after.getQueryData(['schedules'])).toEqual(['Nightly']);
  });

  it('does not show a cache stored under a session this page never saw end, and deletes it', async () => {
    await storeCache('cache-no-session', (before) => before.setQueryData(['collections'], ['Private_Suite']));
    stopAll();
    // The session vanished without a sign-out event here (storage cleared by the browser, say).
    localStorage.clear();
    const after = await reload('cache-no-session');
    expect(after.getQueryData(['collections'])).toBeUndefined();
    expect(await createIdbPersister({ dbName: 'cache-no-session' }).restoreClient()).toBeUndefined();
  });

  it('starts afresh on a new sign-in, deleting what an earlier session left', async () => {
    await storeCache('cache-new-sign-in', (before) => before.setQueryData(['collections'], ['Earlier_User_Suite']));
    stopAll();
    const signedInNow = new QueryClient();
    const persistence = persistQueryCache(signedInNow, { persister: createIdbPersister({ dbName: 'cache-new-sign-in' }), buster: 'build-1', restoreStored: false });
    running.push(persistence);
    await persistence.restored;
    expect(signedInNow.getQueryData(['collections'])).toBeUndefined();
    expect(await createIdbPersister({ dbName: 'cache-new-sign-in' }).restoreClient()).toBeUndefined();
  });

  it('drops the stored cache of another build and on sign-out', async () => {
    const dbName = 'cache-drop';
    const { queryClient: first, persister } = await storeCache(dbName, (before) => before.setQueryData(['collections'], ['Demo_Sign_In']));
    const nextBuild = await reload(dbName, 'build-2');
    expect(nextBuild.getQueryData(['collections'])).toBeUndefined();

    first.setQueryData(['collections'], ['Demo_Sign_In']);
    await persister.flush();
    expect(await createIdbPersister({ dbName }).restoreClient()).toBeDefined();
    clearSession();
    await expect.poll(() => createIdbPersister({ dbName }).restoreClient()).toBeUndefined();
  });
});
