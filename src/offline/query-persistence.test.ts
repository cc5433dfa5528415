import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../lib/session';
import { createIdbPersister, persistQueryCache, type QueryCachePersistence } from './query-persistence';

describe('query cache persistence', () => {
  const running: QueryCachePersistence[] = [];
  afterEach(() => running.splice(0).forEach((persistence) => persistence.stop()));

  function start(queryClient: QueryClient, persister: ReturnType<typeof createIdbPersister>, buster = 'build-1') {
    const persistence = persistQueryCache(queryClient, { persister, buster });
    running.push(persistence);
    return persistence;
  }

  it('shows the last data after a reload without network', async () => {
    const dbName = 'cache-reload';
    const before = new QueryClient();
    const persister = createIdbPersister({ dbName, writeDelayMs: 10 });
    await start(before, persister).restored;
    before.setQueryData(['devices', 'list'], [{ deviceId: 'd1', name: 'Pixel' }]);
    await persister.flush();

    const after = new QueryClient();
    await start(after, createIdbPersister({ dbName })).restored;
    expect(after.getQueryData(['devices', 'list'])).toEqual([{ deviceId: 'd1', name: 'Pixel' }]);
  });

  it('drops the stored cache of another build and on sign-out', async () => {
    const dbName = 'cache-drop';
    setSession({ token: 't', refreshToken: 'r', userId: 'u' });
    const persister = createIdbPersister({ dbName, writeDelayMs: 10 });
    const first = new QueryClient();
    await start(first, persister).restored;
    first.setQueryData(['collections'], ['Demo_Sign_In']);
    await persister.flush();

    const nextBuild = new QueryClient();
    await start(nextBuild, createIdbPersister({ dbName }), 'build-2').restored;
    expect(nextBuild.getQueryData(['collections'])).toBeUndefined();

    first.setQueryData(['collections'], ['Demo_Sign_In']);
    await persister.flush();
    expect(await createIdbPersister({ dbName }).restoreClient()).toBeDefined();
    clearSession();
    await expect.poll(() => createIdbPersister({ dbName }).restoreClient()).toBeUndefined();
  });
});
