import { QueryClient } from '@tanstack/react-query';
import { DATA_STALE_TIME_MS } from '../shared/constants';
import { ApiError } from './api-error';
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
