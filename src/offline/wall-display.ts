import { useEffect } from 'react';
import type { OfflineDb } from './db';

/** The part of the Screen Wake Lock API used here; navigator.wakeLock fits it. */
export interface WakeLockApi {
  request(type: 'screen'): Promise<{ release(): Promise<void> }>;
}

/**
 * Keeps the screen of a wall display awake. The browser drops the lock whenever the page is hidden, so it is taken
 * again each time the page becomes visible. Without the API (or when refused, e.g. on battery saver) the display
 * simply follows the system's sleep settings.
 */
export function useScreenWakeLock(enabled: boolean, wakeLock: WakeLockApi | undefined = globalThis.navigator?.wakeLock): void {
  useEffect(() => {
    if (!enabled || !wakeLock) return;
    let released = false;
    let sentinel: { release(): Promise<void> } | null = null;
    const acquire = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const lock = await wakeLock.request('screen');
        if (released) void lock.release();
        else sentinel = lock;
      } catch {
        // Refused: nothing to hold; the next visibility change tries again.
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [enabled, wakeLock]);
}

/**
 * Whether nothing waits in any queue: a wall display applies a new app version on its own only then, so an update
 * never drops a transfer or an unsent change.
 */
export async function queuesAreEmpty(db: OfflineDb): Promise<boolean> {
  const [outbox, uploads, downloads] = await Promise.all([
    db.outbox.count(),
    db.uploads.where('status').anyOf('queued', 'uploading').count(),
    db.downloads.where('status').anyOf('queued', 'downloading').count(),
  ]);
  return outbox + uploads + downloads === 0;
}
