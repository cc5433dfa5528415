import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAccessToken } from '../../tests/msw/factories';
import { setSession } from '../lib/session';
import type { DownloadItem } from './db';
import { downloadQueueQueryOptions } from './queue-views';

withCloneableBlobs();

const download = (id: string, userId?: string): DownloadItem => ({
  id,
  url: '/x',
  fileName: 'x.bin',
  label: 'X',
  etag: '"v1"',
  totalBytes: 10,
  receivedBytes: 5,
  progress: 50,
  status: 'downloading',
  createdAt: 1,
  ...(userId === undefined ? {} : { userId }),
});

describe('download queue view', () => {
  const harness = createOfflineDbHarness('queue-views');
  afterEach(() => harness.closeAll());

  it("reads the signed-in user's queue from IndexedDB every 1 s with one retry, even offline (spec §9)", async () => {
    setSession({ token: makeAccessToken(), refreshToken: 'r', userId: 'ann' });
    const db = harness.open();
    // d0 was queued before items had owners: it goes with whoever is signed in.
    await db.downloads.bulkAdd([download('d0'), download('d1', 'ann'), download('d2', 'bob')]);
    const options = downloadQueueQueryOptions(db);
    expect(options).toMatchObject({ refetchInterval: 1_000, retry: 1, networkMode: 'always' });
    const items = await new QueryClient().fetchQuery(options);
    expect(items.map((item) => [item.id, item.progress])).toEqual([
      ['d0', 50],
      ['d1', 50],
    ]);
  });
});
