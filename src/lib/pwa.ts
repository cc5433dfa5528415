/** What this module needs of workbox-window's Workbox; tests pass a fake. */
export interface ServiceWorkerClient {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  messageSkipWaiting(): void;
  update(): Promise<void>;
}

export interface ServiceWorkerUpdates {
  /** useSyncExternalStore-shaped: listeners run when "update available" changes. */
  subscribe(listener: () => void): () => void;
  /** True once a new version is installed and waiting for the page to ask for it. */
  get(): boolean;
  /** Asks the waiting version to take over; every page reloads when it controls them. */
  applyUpdate(): void;
  /** The user's Reload: applyUpdate, and a reload after RELOAD_FALLBACK_MS if the new version has not taken over by then. */
  reloadIntoUpdate(): void;
  connect(client: ServiceWorkerClient, reload: () => void): Promise<void>;
}

/** Wall displays stay open for days: look for a new version every hour, not only on navigation. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Chromium defers a skipped-waiting version while the active one still has an event in flight, for minutes at worst,
 * and a Reload that does nothing leaves the user guessing. After this long the page reloads anyway: its own requests end
 * with it, and the reloaded page takes the new version as soon as it activates (or offers it again while it waits).
 */
export const RELOAD_FALLBACK_MS = 5_000;

export function createServiceWorkerUpdates(): ServiceWorkerUpdates {
  const listeners = new Set<() => void>();
  let available = false;
  let connection: { client: ServiceWorkerClient; reload: () => void } | undefined;
  let fallbackReload: ReturnType<typeof setTimeout> | undefined;

  const setAvailable = (value: boolean) => {
    if (available === value) return;
    available = value;
    listeners.forEach((listener) => listener());
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => available,
    applyUpdate() {
      connection?.client.messageSkipWaiting();
    },
    reloadIntoUpdate() {
      if (!connection) return;
      connection.client.messageSkipWaiting();
      clearTimeout(fallbackReload);
      fallbackReload = setTimeout(connection.reload, RELOAD_FALLBACK_MS);
    },
    async connect(workbox, reload) {
      connection = { client: workbox, reload };
      workbox.addEventListener('waiting', () => setAvailable(true));
      // The first worker to control a page that had none (first visit, clientsClaim) leaves nothing to reload away from;
      // any later one is a new version. isUpdate alone misses a page first claimed on its first visit and updated
      // later (a wall display open for days; another tab applying the update), where workbox-window reports false.
      let controlledBefore = false;
      workbox.addEventListener('controlling', (event) => {
        clearTimeout(fallbackReload);
        if (event.isUpdate || controlledBefore) reload();
        controlledBefore = true;
      });
      await workbox.register();
      setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS);
    },
  };
}

export const serviceWorkerUpdates = createServiceWorkerUpdates();
export const updateAvailable = { subscribe: serviceWorkerUpdates.subscribe, get: serviceWorkerUpdates.get };
export const applyUpdate = () => serviceWorkerUpdates.applyUpdate();

/** Registers /studio/sw.js in production builds only: the dev server has no precache manifest. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window')
    .then(({ Workbox }) =>
      serviceWorkerUpdates.connect(new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }), () => window.location.reload()),
    )
    // Service workers can be refused (a browser policy, a private window, an automation profile): the app then works
    // online only, which is no reason for an uncaught error on every load.
    .catch((error: unknown) => console.warn('The service worker did not register; offline use is unavailable.', error));
}
