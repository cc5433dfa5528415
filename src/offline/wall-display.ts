import { focusManager } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { OfflineDb } from './db';

/**
 * Hidden tabs do not poll, except wall displays: while `enabled`, React Query treats the page as focused even when it
 * is hidden, so every polled view keeps its interval and a failing fetch keeps retrying instead of pausing until the
 * page is shown again (which the per-query refetchIntervalInBackground cannot do).
 */
export function usePollWhileHidden(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    focusManager.setFocused(true);
    return () => focusManager.setFocused(undefined);
  }, [enabled]);
}

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

/** What the auto-update reads of the service worker updates (lib/pwa.ts). */
export interface UpdateSource {
  subscribe(listener: () => void): () => void;
  /** True while a new version waits. */
  get(): boolean;
  applyUpdate(): void;
  /** applyUpdate, and a reload a few seconds later if the new version has not taken over by then. */
  reloadIntoUpdate(): void;
}

/** Calls `onChange` with whether the queues are empty, now and after each change to them; returns the stop function. */
export type QueuesWatcher = (onChange: (empty: boolean) => void) => () => void;

// Loaded only once an update waits on a wall display: Dexie stays out of the shell's chunks.
const appOfflineDb = async (): Promise<OfflineDb> => (await import('./db')).offlineDb();

/**
 * Watches the app's queues (in this tab and others, through Dexie's liveQuery). A database that cannot be read counts as
 * not empty: an update is applied only when it is known to drop nothing.
 */
export function watchOfflineQueues(onChange: (empty: boolean) => void, openDb: () => Promise<OfflineDb> = appOfflineDb): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  void Promise.all([import('dexie'), openDb()]).then(
    ([{ liveQuery }, db]) => {
      if (stopped) return;
      subscription = liveQuery(() => queuesAreEmpty(db)).subscribe({ next: onChange, error: () => onChange(false) });
    },
    () => onChange(false),
  );
  return () => {
    stopped = true;
    subscription?.unsubscribe();
  };
}

/** How long an applied update may take to reload the page before it is asked for again. */
export const UPDATE_REAPPLY_MS = 10_000;
/** A tab reloads to help a stuck update at most this often; in between it only asks again. */
export const UPDATE_RELOAD_GAP_MS = 10 * 60_000;
const UPDATE_RELOAD_KEY = 'studio:wallDisplayUpdateReloadAt';

/** Whether this tab may reload for a stuck update now (and notes that it does): at most once per UPDATE_RELOAD_GAP_MS. */
export function claimUpdateReload(now = Date.now(), storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.sessionStorage ?? null): boolean {
  try {
    if (storage === null) return false;
    const last = Number(storage.getItem(UPDATE_RELOAD_KEY) ?? Number.NaN);
    if (now - last < UPDATE_RELOAD_GAP_MS) return false;
    storage.setItem(UPDATE_RELOAD_KEY, String(now));
    return true;
  } catch {
    // No storage (blocked): without a memory of the last reload, reloads could repeat; ask again instead.
    return false;
  }
}

/**
 * A wall display has nobody to press Reload: once a new version waits and `enabled`, it is applied as soon as the
 * queues (downloads, uploads, outbox) are empty, checked again whenever they change. A display runs for days, so an
 * update still waiting UPDATE_REAPPLY_MS after it was applied is not left waiting for good. Chromium defers the new
 * worker while the old one still serves a request of the page (seen in CI: still waiting a minute later with empty
 * queues), so the page then reloads into it as the Reload button does, which ends its own requests; the queues are
 * empty, so a reload drops nothing. A tab reloads so at most once per UPDATE_RELOAD_GAP_MS, and otherwise asks again.
 */
export function useApplyUpdateWhenQueuesEmpty(
  enabled: boolean,
  updates: UpdateSource,
  watchQueues: QueuesWatcher = watchOfflineQueues,
  mayReload: () => boolean = claimUpdateReload,
): void {
  const available = useSyncExternalStore(updates.subscribe, updates.get);
  useEffect(() => {
    if (!enabled || !available) return;
    let queuesEmpty = false;
    let applied = false;
    let reapplyTimer: ReturnType<typeof setTimeout> | null = null;
    const applyIfDue = () => {
      if (!queuesEmpty || !updates.get() || reapplyTimer !== null) return;
      if (applied && mayReload()) updates.reloadIntoUpdate();
      else updates.applyUpdate();
      applied = true;
      reapplyTimer = setTimeout(() => {
        reapplyTimer = null;
        applyIfDue();
      }, UPDATE_REAPPLY_MS);
    };
    const stopWatching = watchQueues((empty) => {
      queuesEmpty = empty;
      applyIfDue();
    });
    return () => {
      stopWatching();
      if (reapplyTimer !== null) clearTimeout(reapplyTimer);
    };
  }, [enabled, available, updates, watchQueues, mayReload]);
}
