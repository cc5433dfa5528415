import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

const IOS_REGENERATE = 'iOS-regenerate';

interface ClientDownloadSearch {
  /** Arrived from the iOS builder with ?iOS-regenerate=finished (spec part 3 §4). */
  [IOS_REGENERATE]?: string;
}

export const Route = createFileRoute('/client-download')({
  staticData: { title: 'Client Download' },
  validateSearch: (search: Record<string, unknown>): ClientDownloadSearch =>
    typeof search[IOS_REGENERATE] === 'string' ? { [IOS_REGENERATE]: search[IOS_REGENERATE] } : {},
  beforeLoad: ({ location }) => guardSignedIn(location),
  // Started here so both calls run while the route resolves; the cards read the same query options, which come with
  // their own chunk.
  loader: async ({ context }) => {
    const { desktopClientQuery, iosClientQuery } = await import('../features/clients/api/clients');
    void context.queryClient.prefetchQuery(desktopClientQuery());
    void context.queryClient.prefetchQuery(iosClientQuery());
  },
});
