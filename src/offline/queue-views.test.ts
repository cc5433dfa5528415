import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadQueueQueryOptions } from './queue-views';

describe('download queue view', () => {
  const harness = createOfflineDbHarness('queue-views');
  afterEach(() => harness.closeAll());

  it('reads the queue from IndexedDB every 1 s with one retry, even offline (spec §9)', async () => {
    const db = harness.open();
    await db.downloads.add({ id: 'd1', url: '/x', fileName: 'x.bin', label: 'X', etag: '"v1"', totalBytes: 10, receivedBytes: 5, progress: 50, status: 'downloading', createdAt: 1 });
    const options = downloadQueueQueryOptions(db);
    expect(options).toMatchObject({ refetchInterval: 1_000, retry: 1, networkMode: 'always' });
    const items = await new QueryClient().fetchQuery(options);
    expect(items.map((item) => [item.id, item.progress])).toEqual([['d1', 50]]);
  });
});
