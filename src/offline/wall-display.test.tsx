import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queuesAreEmpty, useScreenWakeLock, type WakeLockApi } from './wall-display';

function createWakeLock() {
  const state = { requests: 0, held: 0 };
  const api: WakeLockApi = {
    async request() {
      state.requests += 1;
      state.held += 1;
      return { release: async () => void (state.held -= 1) };
    },
  };
  return { api, state };
}

function setVisibility(value: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('wall display', () => {
  const harness = createOfflineDbHarness('wall-display');
  afterEach(() => {
    setVisibility('visible');
    harness.closeAll();
  });

  it('holds a screen wake lock, takes it again when the page becomes visible, and releases it on unmount', async () => {
    const { api, state } = createWakeLock();
    const { unmount } = renderHook(() => useScreenWakeLock(true, api));
    await expect.poll(() => state.requests).toBe(1);
    setVisibility('hidden');
    setVisibility('visible');
    await expect.poll(() => state.requests).toBe(2);
    unmount();
    // The browser itself drops a lock when the page hides; this fake does not, so the first one still counts as held.
    await expect.poll(() => state.held).toBe(1);
  });

  it('takes no lock for an ordinary view', () => {
    const { api, state } = createWakeLock();
    renderHook(() => useScreenWakeLock(false, api));
    expect(state.requests).toBe(0);
  });

  it('counts the queues as empty only with no waiting change, upload or download', async () => {
    const db = harness.open();
    expect(await queuesAreEmpty(db)).toBe(true);
    await db.downloads.add({ id: 'd', url: '/d', fileName: 'd.bin', label: 'D', etag: null, totalBytes: null, receivedBytes: 0, progress: 1, status: 'completed', createdAt: 1 });
    expect(await queuesAreEmpty(db)).toBe(true);
    await db.outbox.add({ id: 'o', mutationKey: ['k'], scope: 's', variables: null, idempotencyKey: 'i', createdAt: 1, attempts: 0, state: 'pending' });
    expect(await queuesAreEmpty(db)).toBe(false);
  });
});
