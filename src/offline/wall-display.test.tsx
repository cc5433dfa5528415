import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { act, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectedUpdates } from '../../tests/support/fake-workbox';
import { RELOAD_FALLBACK_MS } from '../lib/pwa';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { restoreVisibility, setVisibility } from '../../tests/support/visibility';
import type { OfflineDb, OutboxEntry, UploadItem } from './db';
import { claimUpdateReload, queuesAreEmpty, UPDATE_RELOAD_GAP_MS, UPDATE_REAPPLY_MS, useApplyUpdateWhenQueuesEmpty, useScreenWakeLock, watchOfflineQueues, type QueuesWatcher, type WakeLockApi } from './wall-display';

withCloneableBlobs();

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

function outboxEntry(id: string): OutboxEntry {
  return { id, mutationKey: ['k'], scope: 's', record: 's', label: 'S', userId: 'u1', variables: null, idempotencyKey: `key-${id}`, createdAt: 1, attempts: 0, state: 'pending' };
}

function upload(id: string, status: UploadItem['status']): UploadItem {
  return { id, url: '/u', file: new Blob(['x']), fileName: 'c.bin', fileField: 'file', fields: {}, idempotencyKey: id, attempts: 0, nextAttemptAt: 0, status, progress: 1, createdAt: 1 };
}

describe('wall display', () => {
  // A fresh IndexedDB per test: what one test queued must not hold back another's update.
  let harness = createOfflineDbHarness('wall-display');
  beforeEach(() => {
    harness = createOfflineDbHarness('wall-display');
  });
  afterEach(() => {
    restoreVisibility();
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
    await db.uploads.add(upload('done', 'failed'));
    expect(await queuesAreEmpty(db)).toBe(true);
    await db.uploads.add(upload('moving', 'uploading'));
    expect(await queuesAreEmpty(db)).toBe(false);
    await db.uploads.delete('moving');
    await db.outbox.add(outboxEntry('o'));
    expect(await queuesAreEmpty(db)).toBe(false);
  });

  it('watches the queues as they change', async () => {
    const db = harness.open();
    const seen: boolean[] = [];
    const stop = watchOfflineQueues((empty) => seen.push(empty), async () => db);
    await expect.poll(() => seen).toEqual([true]);
    await db.outbox.add(outboxEntry('o'));
    await expect.poll(() => seen.at(-1)).toBe(false);
    await db.outbox.where('id').equals('o').delete();
    await expect.poll(() => seen.at(-1)).toBe(true);
    stop();
  });

  describe('new versions', () => {
    function watchHarness(db: OfflineDb) {
      return (onChange: (empty: boolean) => void) => watchOfflineQueues(onChange, async () => db);
    }

    /** Renders a page using the hook, then lets a new version wait. */
    async function showWaitingVersion(wallDisplay: boolean, watch: QueuesWatcher, mayReload: () => boolean = () => false) {
      const connected = await connectedUpdates();
      function Page() {
        useApplyUpdateWhenQueuesEmpty(wallDisplay, connected.updates, watch, mayReload);
        return null;
      }
      render(<Page />);
      act(() => connected.workbox.emit('waiting'));
      return connected;
    }

    it('applies a waiting version on a wall display once the queues are empty, checking again as they change', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const db = harness.open();
      await db.outbox.add(outboxEntry('o'));
      await db.uploads.add(upload('u', 'queued'));
      const watch = watchHarness(db);
      const { workbox, reload } = await showWaitingVersion(true, watch);

      await db.outbox.where('id').equals('o').delete();
      await vi.advanceTimersByTimeAsync(200);
      expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();

      await db.uploads.update('u', { status: 'completed' });
      await expect.poll(() => workbox.client.messageSkipWaiting.mock.calls.length).toBe(1);
      // The new worker takes control: the page reloads onto it.
      act(() => workbox.emit('controlling', { isUpdate: true }));
      expect(reload).toHaveBeenCalledTimes(1);

      // Applied once while the page reloads, even when the queues change again.
      await db.outbox.add(outboxEntry('later'));
      await db.outbox.where('id').equals('later').delete();
      await vi.advanceTimersByTimeAsync(200);
      expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
      vi.useRealTimers();
    });

    it('applies the update again when the page has not moved to it a while after it was applied, reloading into it at most once per gap', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const db = harness.open();
      const watch = watchHarness(db);
      const reloadsAllowed = [true, false];
      const { workbox, reload } = await showWaitingVersion(true, watch, () => reloadsAllowed.shift() ?? false);
      await expect.poll(() => workbox.client.messageSkipWaiting.mock.calls.length).toBe(1);

      // The worker never took over (deferred, or the message lost): the update still waits.
      await vi.advanceTimersByTimeAsync(UPDATE_REAPPLY_MS - 1_000);
      expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(2);
      // Asked again with a reload to follow, which ends the page's own requests that hold the old worker.
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(RELOAD_FALLBACK_MS);
      expect(reload).toHaveBeenCalledTimes(1);

      // Still waiting, and this tab reloaded for it lately: asked again, no reload.
      await vi.advanceTimersByTimeAsync(UPDATE_REAPPLY_MS);
      expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(3);
      expect(reload).toHaveBeenCalledTimes(1);

      // Not while something waits to be sent again.
      await db.uploads.add(upload('late', 'queued'));
      await vi.advanceTimersByTimeAsync(UPDATE_REAPPLY_MS * 2);
      expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(3);
      vi.useRealTimers();
    });

    it('lets a tab reload for a stuck update once per gap, and never without storage', () => {
      const stored = new Map<string, string>();
      const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
      expect(claimUpdateReload(1_000, storage)).toBe(true);
      expect(claimUpdateReload(1_000 + UPDATE_RELOAD_GAP_MS - 1, storage)).toBe(false);
      expect(claimUpdateReload(1_000 + UPDATE_RELOAD_GAP_MS, storage)).toBe(true);
      expect(claimUpdateReload(1_000, null)).toBe(false);
      const blocked = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined };
      expect(claimUpdateReload(1_000, blocked)).toBe(false);
    });

    it('never applies a version by itself on an ordinary page, even with empty queues', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const db = harness.open();
      const watch = vi.fn(watchHarness(db));
      const { workbox } = await showWaitingVersion(false, watch);
      await vi.advanceTimersByTimeAsync(500);
      expect(watch).not.toHaveBeenCalled();
      expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
      vi.useRealTimers();
    });

    it('keeps the version waiting when the queues cannot be read', async () => {
      const watch = (onChange: (empty: boolean) => void) => watchOfflineQueues(onChange, () => Promise.reject(new Error('IndexedDB unavailable')));
      const { workbox } = await showWaitingVersion(true, watch);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
    });
  });
});
