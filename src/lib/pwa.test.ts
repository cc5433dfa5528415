import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServiceWorkerUpdates, RELOAD_FALLBACK_MS, UPDATE_CHECK_INTERVAL_MS } from './pwa';
import { connectedUpdates, fakeWorkbox } from '../../tests/support/fake-workbox';

// connect() starts the hourly update check; fake timers keep it from outliving the test.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('service worker updates', () => {
  it('reports a waiting version to subscribers until they unsubscribe', async () => {
    const updates = createServiceWorkerUpdates();
    const workbox = fakeWorkbox();
    const listener = vi.fn();
    const unsubscribe = updates.subscribe(listener);
    await updates.connect(workbox.client, vi.fn());

    expect(updates.get()).toBe(false);
    workbox.emit('waiting');
    expect(updates.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    workbox.emit('waiting');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('asks the waiting version to take over only when the user applies the update', async () => {
    const updates = createServiceWorkerUpdates();
    const workbox = fakeWorkbox();
    updates.applyUpdate();
    await updates.connect(workbox.client, vi.fn());
    expect(workbox.client.register).toHaveBeenCalledTimes(1);
    expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();

    workbox.emit('waiting');
    expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
    updates.applyUpdate();
    expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('reloads when an updated version controls the page, not on the first install', async () => {
    const { workbox, reload } = await connectedUpdates();

    workbox.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads a page first claimed on its first visit when a later version takes control', async () => {
    const { updates, workbox, reload } = await connectedUpdates();
    // workbox-window registered without a controller, so it reports isUpdate false for every later worker too.
    workbox.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('waiting');
    updates.applyUpdate();
    workbox.emit('controlling', { isUpdate: false });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on the user\'s Reload once the new version takes over, or after RELOAD_FALLBACK_MS if it has not', async () => {
    const { updates, workbox, reload } = await connectedUpdates();
    workbox.emit('waiting');
    updates.reloadIntoUpdate();
    expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);

    reload.mockClear();
    updates.reloadIntoUpdate();
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks for a new version every hour', async () => {
    const updates = createServiceWorkerUpdates();
    const workbox = fakeWorkbox();
    await updates.connect(workbox.client, vi.fn());

    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(workbox.client.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(workbox.client.update).toHaveBeenCalledTimes(1);
  });
});
