import { vi } from 'vitest';
import { createServiceWorkerUpdates, type ServiceWorkerClient } from '../../src/lib/pwa';

type LifecycleEvent = { isUpdate?: boolean };

/** A stand-in for workbox-window's Workbox whose lifecycle events the test fires by hand. */
export function fakeWorkbox() {
  const listeners = new Map<string, Array<(event: LifecycleEvent) => void>>();
  const client = {
    addEventListener(type: 'waiting' | 'controlling', listener: (event: LifecycleEvent) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    register: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    update: vi.fn(async () => undefined),
  };
  const typed: ServiceWorkerClient & typeof client = client;
  return {
    client: typed,
    emit(type: 'waiting' | 'controlling', event: LifecycleEvent = {}) {
      listeners.get(type)?.forEach((listener) => listener(event));
    },
  };
}

/** A fresh update store connected to a fake workbox, with the page reload it would call. */
export async function connectedUpdates() {
  const updates = createServiceWorkerUpdates();
  const workbox = fakeWorkbox();
  const reload = vi.fn();
  await updates.connect(workbox.client, reload);
  return { updates, workbox, reload };
}
