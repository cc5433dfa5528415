import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNavigator } from './lib/api-client';
import { clearQueriesOnSignOut, createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { clearTemporaryItems, getSession, subscribeSession } from './lib/session';
import { configureAppOfflineQueues } from './offline/app-queue-options';
import { persistQueryCache } from './offline/query-persistence';
import { App } from './routes/-app';
import { createAppRouter } from './routes/-router';
import './ui/ui.css';
import './app.css';

clearTemporaryItems();

const queryClient = createQueryClient();
clearQueriesOnSignOut(queryClient);
// The entry's URL carries its build hash, which changes with every build: a new build never reads an old cache's shapes.
const cache = persistQueryCache(queryClient, { buster: import.meta.url });

configureAppOfflineQueues({
  // The .bin checksum check loads with the first finished download, not with the entry.
  downloads: { verify: async (file) => (await import('./features/importexport/api/export-file')).exportFileProblem(file) },
});

// Transfers and changes an earlier page left resume once a user is signed in; the sign-in page loads no Dexie.
const startOfflineQueues = () => void import('./offline/offline-queues').then(({ ensureAppOfflineQueues }) => ensureAppOfflineQueues(queryClient));
if (getSession()) startOfflineQueues();
subscribeSession((session) => {
  if (session) startOfflineQueues();
});

const router = createAppRouter(queryClient);

// The API client's forced exits (/studio/login, /studio/logout) carry the base path, as history entries do.
setNavigator((to) => router.history.push(to));

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// The stored cache is back before the first query runs, so a reload while offline shows the last data. A cache that
// cannot be read was dropped by the persister; the page then starts empty.
void cache.restored
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
