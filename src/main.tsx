import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNavigator } from './lib/api-client';
import { captureRouterErrors, installErrorCapture } from './lib/error-capture';
import { clearAnnouncementsOnNavigation } from './lib/stale-announcements';
import { clearQueriesOnSignOut, createQueryClient, followConnection } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { clearTemporaryItems, getSession, subscribeSession } from './lib/session';
import { configureAppOfflineQueues } from './offline/app-queue-options';
import { App } from './routes/-app';
import { createAppRouter } from './routes/-router';
import './ui/ui.css';
import './app.css';

// First, so that what fails from here on reaches the server log (the reporter itself loads with the first error).
installErrorCapture();
clearTemporaryItems();

const queryClient = createQueryClient();
clearQueriesOnSignOut(queryClient);
followConnection(queryClient);

configureAppOfflineQueues({
  // The .bin checksum check loads with the first finished download, not with the entry.
  downloads: { verify: async (file) => (await import('./features/importexport/api/export-file')).exportFileProblem(file) },
  loadMutations: async () => (await import('./routes/-offline-mutations')).offlineMutations,
});

/**
 * The query cache is kept for signed-in users only, so the sign-in page loads neither the persister nor Dexie. A page
 * opened with a session restores the stored cache before its first render (a reload while offline shows the last
 * data); a sign-in on this page starts afresh. Transfers and changes an earlier page left resume once a user is signed in.
 */
let cachePersistence: Promise<{ restored: Promise<void> }> | null = null;
const persistCache = (restoreStored: boolean) =>
  (cachePersistence ??= import('./offline/query-persistence').then(({ persistQueryCache }) =>
    // The entry's URL carries its build hash, which changes with every build: a new build never reads an old cache's shapes.
    persistQueryCache(queryClient, { buster: import.meta.url, restoreStored }),
  ));
const startOfflineQueues = () => void import('./offline/offline-queues').then(({ ensureAppOfflineQueues }) => ensureAppOfflineQueues(queryClient));

const cacheRestored = getSession() ? persistCache(true).then((cache) => cache.restored) : Promise.resolve();
if (getSession()) startOfflineQueues();
subscribeSession((session) => {
  if (!session) return;
  void persistCache(false);
  startOfflineQueues();
});

const router = createAppRouter(queryClient);
captureRouterErrors(router);
clearAnnouncementsOnNavigation(router);

// The API client's forced exits (/studio/login, /studio/logout) carry the base path, as history entries do.
setNavigator((to) => router.history.push(to));

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// A cache that cannot be read was dropped by the persister; the page then starts empty.
void cacheRestored
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
