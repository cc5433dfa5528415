import type { QueryClient } from '@tanstack/react-query';

/**
 * Starts the Operations Centre's first reads with the page's own query options. Loaders are not code-split: the options
 * come with their own chunk, keeping zod off the sign-in page.
 */
export async function prefetchOperations(queryClient: QueryClient): Promise<void> {
  const [{ queuedRunsQuery }, { resourcesQuery }] = await Promise.all([
    import('../features/operations/api/queued-runs'),
    import('../features/operations/api/resources'),
  ]);
  void queryClient.prefetchQuery(queuedRunsQuery());
  void queryClient.prefetchQuery(resourcesQuery());
}
