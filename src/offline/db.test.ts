import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { describe, expect, it } from 'vitest';
import { createOrderedClock, recentStatusIds, rememberStatusId, requestPersistentStorage } from './db';

withCloneableBlobs();

describe('offline database', () => {
  it('keeps only the last five import status ids, across a reload', async () => {
    const harness = createOfflineDbHarness();
    const db = harness.open();
    for (let index = 1; index <= 7; index += 1) await rememberStatusId(db, `s${index}`, index);
    db.close();
    const reopened = harness.open();
    expect(await recentStatusIds(reopened)).toEqual(['s7', 's6', 's5', 's4', 's3']);
    harness.closeAll();
  });

  it('asks for persistent storage unless already granted, and copes without the API', async () => {
    const asked: string[] = [];
    const storage = (persisted: boolean) => ({
      persisted: async () => persisted,
      persist: async () => {
        asked.push('persist');
        return true;
      },
    });
    expect(await requestPersistentStorage(storage(false))).toBe(true);
    expect(asked).toEqual(['persist']);
    expect(await requestPersistentStorage(storage(true))).toBe(true);
    expect(asked).toEqual(['persist']);
    expect(await requestPersistentStorage(undefined)).toBe(false);
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('denied')) })).toBe(false);
  });

  it('orders queue items created in the same millisecond', () => {
    const next = createOrderedClock(() => 500);
    expect([next(), next(), next()]).toEqual([500, 501, 502]);
  });
});
