import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNavigator } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { clearTemporaryItems } from './lib/session';
import { App } from './routes/-app';
import { createAppRouter } from './routes/-router';
import './ui/ui.css';
import './app.css';

clearTemporaryItems();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The API client's forced exits (/studio/login, /studio/logout) carry the base path, as history entries do.
setNavigator((to) => router.history.push(to));

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
