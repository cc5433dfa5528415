import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { server } from './server';

/**
 * A network that can be cut: while off, every request (token refreshes too) fails like a dead connection. Installed
 * last, so it takes precedence over the fake backends. Going off and on fires 'offline' and 'online', as a browser does:
 * React Query pauses its queries, and the offline queues resume.
 */
export function switchableNetwork() {
  const state = { online: true };
  server.use(http.all('*', () => (state.online ? undefined : HttpResponse.error())));
  // React Query's online manager follows these events, and keeps its last state while no client listens: the next
  // test must not start "offline".
  onTestFinished(() => onlineManager.setOnline(true));
  return {
    state,
    goOffline(): void {
      state.online = false;
      window.dispatchEvent(new Event('offline'));
    },
    goOnline(): void {
      state.online = true;
      window.dispatchEvent(new Event('online'));
    },
  };
}
