import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '@tanstack/react-router';
import { setNavigator } from '../../src/lib/api-client';
import { createQueryClient } from '../../src/lib/query-client';
import { setSession, setStoredUser } from '../../src/lib/session';
import type { StoredUser } from '../../src/shared/contracts/auth';
import type { StudioConfig } from '../../src/shared/config';
import type { Permission } from '../../src/shared/permissions';
import { App } from '../../src/routes/-app';
import { toastQueue } from '../../src/ui/toast-queue';
import { createAppRouter } from '../../src/routes/-router';
import { authBackend } from '../msw/auth-backend';

/**
 * Renders the whole app (providers, router with the real route tree, shell) at an app path such as
 * '/login' (the /studio base path is added), on a memory history.
 */
/** `queryClient` lets a test start the app from a cache it filled, as the one restored from IndexedDB. */
export function renderApp(path: string, queryClient = createQueryClient()) {
  // The toast queue is app-wide module state: a fresh app starts without the last test's toasts.
  toastQueue.clear();
  const history = createMemoryHistory({ initialEntries: [`/studio${path}`] });
  const router = createAppRouter(queryClient, history);
  setNavigator((to) => router.history.push(to));
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient, user: userEvent.setup() };
}

/** The app path the router is on, without the base path. */
export function currentPath(router: ReturnType<typeof renderApp>['router']): string {
  return router.state.location.pathname;
}

/** Seeds the fake server with a user and stores a live session for it, as after a past login. */
export function signInAs(features: readonly Permission[], overrides: Partial<StoredUser> = {}): StoredUser {
  const user = authBackend.addUser({ ...overrides, permissions: { features: [...features] } });
  setSession(authBackend.issueSession(user));
  setStoredUser(user);
  return user;
}

/** The runtime config the fake server hands out. */
export function serveConfig(config: StudioConfig): void {
  authBackend.state.config = config;
}
