import '@testing-library/jest-dom/vitest';
// A browser has IndexedDB: the signed-in shell starts the offline queues (Dexie) and the import/export watcher.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { authBackend } from '../msw/auth-backend';
import { server } from '../msw/server';
import { loadDexieWithCloneableBlobs } from '../support/cloneable-blobs';
import { happyDom } from '../support/happy-dom';
import { SAFETY_NET_MS } from '../support/wait';

// No src module is imported here before the tests: vitest cannot vi.mock a module a setup file has already loaded.

// findBy* and waitFor return as soon as their condition holds: their timeout is a safety net for a machine many times
// slower than usual (the suite must pass with every core busy), never a measure of how fast something should happen.
configure({ asyncUtilTimeout: SAFETY_NET_MS });

await loadDexieWithCloneableBlobs();

/** Where the app lives, so relative URLs and the router's basepath resolve as in production. */
export const TEST_APP_URL = 'http://localhost/studio/';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  // happy-dom only changes the URL on navigation (no page load), so window.location.assign is safe in tests.
  happyDom()?.setURL(TEST_APP_URL);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  authBackend.reset();
  localStorage.clear();
  sessionStorage.clear();
  // Tell session subscribers (user details cache, query clients) the session ended, as another tab's clear() would.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});

afterAll(async () => {
  const { resetPageState } = await import('../support/page-state');
  await resetPageState();
  server.close();
});
