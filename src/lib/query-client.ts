import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';
import { DATA_STALE_TIME_MS } from '../shared/constants';
import { ApiError } from './api-error';
import { reachability as pageReachability, type Reachability } from './reachability';
import { subscribeSession } from './session';

const MAX_RETRIES = 3;

/** A 4xx will answer the same again (and the session rules already handled 401/403), so only other failures retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DATA_STALE_TIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/**
 * When the session ends (logout here or in another tab) the cached server data of that user is dropped,
 * so the next user never sees it. Returns the unsubscribe function.
 */
export function clearQueriesOnSignOut(queryClient: QueryClient): () => void {
  return subscribeSession((session) => {
    if (!session) queryClient.clear();
  });
}

/** A query whose last attempt failed and that waits out its retry delay (React Query sleeps through a reconnect). */
function isWaitingToRetry(query: Query): boolean {
  return query.state.fetchStatus === 'fetching' && query.state.fetchFailureCount > 0;
}

/** A query whose last fetch failed: on screen, its view shows stale data and waits for a poll backing off up to 60 s. */
function lastFetchFailed(query: Query): boolean {
  return query.state.fetchStatus === 'idle' && query.state.errorUpdatedAt > query.state.dataUpdatedAt;
}

/** A view's fetch that is still out and has not failed yet. */
function isFetchingFirstTry(query: Query): boolean {
  return query.state.fetchStatus === 'fetching' && query.state.fetchFailureCount === 0;
}

/**
 * Fetches again, now, what failed or sleeps out a retry: the connection is back. A view's fetch still out at this
 * moment may sit on the dead connection, which the api-client abandons as the server answers again; its failure comes
 * a moment later, and it is then tried again at once instead of at the view's next poll, a whole period on.
 */
function resumeFailedQueries(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().findAll({ type: 'active', predicate: isFetchingFirstTry })) {
    query.promise?.then(undefined, () => {
      if (lastFetchFailed(query)) query.fetch().catch(() => undefined);
    });
  }
  for (const query of queryClient.getQueryCache().findAll({ predicate: isWaitingToRetry })) {
    // A silent cancel hands whoever awaits the sleeping fetch (a route loader) the new fetch started right after it.
    void query.cancel({ silent: true });
    query.fetch().catch(() => undefined);
  }
  for (const query of queryClient.getQueryCache().findAll({ type: 'active', predicate: lastFetchFailed })) {
    query.fetch().catch(() => undefined);
  }
}

/**
 * React Query follows the browser's connection. It assumes it is online when the page starts and only listens for
 * 'online' and 'offline' events, so a page loaded offline (a field tester's reload from the service worker) would try
 * every query, fail, and sleep out its retries; the 'online' event then changes nothing and the views stay empty until
 * the sleeps end. Started from navigator.onLine instead, those queries wait paused and run the moment the network returns.
 * And a query that failed and is sleeping out its retry delay when the network comes back tries again at once: a refresh
 * asked for meanwhile (an import that went through on reconnect) would otherwise join the sleeping fetch; so does a
 * view whose poll failed and now backs off. "Comes back" is the 'online' event or, since lie-fi never sends one, the
 * server answering again after requests went unanswered (lib/reachability.ts).
 * Returns the unsubscribe function.
 */
export function followConnection(
  queryClient: QueryClient,
  browser: Pick<Navigator, 'onLine'> = navigator,
  reachability: Reachability = pageReachability,
): () => void {
  onlineManager.setOnline(browser.onLine);
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) resumeFailedQueries(queryClient);
  });
  // Lie-fi fires no 'online' event: the server answering again after requests went unanswered is the same moment.
  const stopReachability = reachability.subscribe((reachable) => {
    if (reachable) resumeFailedQueries(queryClient);
  });
  return () => {
    stopOnline();
    stopReachability();
  };
}
