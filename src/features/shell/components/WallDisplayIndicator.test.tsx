import { focusManager } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectedUpdates } from '../../../../tests/support/fake-workbox';
import { renderApp, serveConfig, signInAs } from '../../../../tests/support/render-app';
import { restoreVisibility, setVisibility } from '../../../../tests/support/visibility';
import { MESSAGES } from '../../../shared/constants';
import { createWallDisplayMode, wallDisplayMode } from '../../../offline/wall-display-mode';
import { WallDisplayIndicator } from './WallDisplayIndicator';

/** navigator.wakeLock for the page, counting requests and the locks still held. */
function installWakeLock() {
  const state = { requests: 0, held: 0 };
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      async request() {
        state.requests += 1;
        state.held += 1;
        return { release: async () => void (state.held -= 1) };
      },
    },
  });
  return state;
}

async function openHealthPage(path: string) {
  serveConfig({ HealthStatus: { enabled: true } });
  signInAs(['STUDIO']);
  const app = renderApp(path);
  expect(await screen.findByText(MESSAGES.allOperational)).toBeInTheDocument();
  return app;
}

describe('wall display mark', () => {
  let wakeLock: ReturnType<typeof installWakeLock>;
  beforeEach(() => {
    wakeLock = installWakeLock();
  });
  afterEach(() => {
    wallDisplayMode.set(false);
    restoreVisibility();
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('turns any route opened with ?display=wall into a wall display: badge, wake lock, polling while hidden', async () => {
    const { router } = await openHealthPage('/health-status?display=wall');
    const badge = await screen.findByRole('group', { name: 'Wall display' });
    expect(badge).toHaveTextContent('Wall display');
    await waitFor(() => expect(wakeLock.requests).toBe(1));

    setVisibility('hidden');
    // React Query treats the hidden wall display as focused, so its polls (and their retries) go on.
    expect(focusManager.isFocused()).toBe(true);
    setVisibility('visible');
    // The browser dropped the lock while hidden: it is taken again.
    await waitFor(() => expect(wakeLock.requests).toBe(2));

    // Remembered for the tab: a move without the mark, and a reload (a new page reading the same storage), keep it.
    await router.navigate({ to: '/client-download' });
    expect(await screen.findByRole('group', { name: 'Wall display' })).toBeInTheDocument();
    expect(createWallDisplayMode(sessionStorage).isOn()).toBe(true);
  });

  it('leaves the mode from the badge: the mark leaves the address, polling stops while hidden, the lock is released', async () => {
    const { router, user } = await openHealthPage('/health-status?display=wall&extra=1');
    const badge = await screen.findByRole('group', { name: 'Wall display' });
    await waitFor(() => expect(wakeLock.held).toBe(1));

    await user.click(within(badge).getByRole('button', { name: 'Leave wall display' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Wall display' })).toBeNull());
    await waitFor(() => expect(router.state.location.searchStr).toBe('?extra=1'));
    expect(router.state.location.pathname).toBe('/health-status');
    expect(createWallDisplayMode(sessionStorage).isOn()).toBe(false);
    await waitFor(() => expect(wakeLock.held).toBe(0));
    setVisibility('hidden');
    expect(focusManager.isFocused()).toBe(false);
  });

  it('shows no badge and takes no lock on an ordinary page', async () => {
    await openHealthPage('/health-status');
    expect(screen.queryByRole('group', { name: 'Wall display' })).toBeNull();
    expect(wakeLock.requests).toBe(0);
    setVisibility('hidden');
    expect(focusManager.isFocused()).toBe(false);
  });

  it('applies a waiting version by itself once the offline queues are empty, and not before', async () => {
    const { updates, workbox } = await connectedUpdates();
    const mode = createWallDisplayMode(null);
    const queues = { empty: false, listeners: new Set<(empty: boolean) => void>() };
    const watchQueues = (onChange: (empty: boolean) => void) => {
      queues.listeners.add(onChange);
      onChange(queues.empty);
      return () => queues.listeners.delete(onChange);
    };
    const rootRoute = createRootRoute({ component: () => <WallDisplayIndicator mode={mode} updates={updates} watchQueues={watchQueues} /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/?display=wall'] }) });
    render(<RouterProvider router={router} />);
    await screen.findByRole('group', { name: 'Wall display' });

    act(() => workbox.emit('waiting'));
    expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
    act(() => queues.listeners.forEach((listener) => listener(true)));
    expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });
});
