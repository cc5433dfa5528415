import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

export const Route = createFileRoute('/')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  // Loaders are not code-split: the query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const [{ runningTabDataQuery }, { collectionsListQuery }, { landingAccess }, { configQueryOptions }, { getStoredUser }] = await Promise.all([
      import('../features/runs/api/running-tab-data'),
      import('../features/studio/api/collections-list'),
      import('./-landing'),
      import('../lib/config'),
      import('../lib/session'),
    ]);
    const access = landingAccess(getStoredUser()?.permissions.features, context.queryClient.getQueryData(configQueryOptions.queryKey) ?? {});
    if (access.runs) {
      void context.queryClient.prefetchQuery(runningTabDataQuery());
      void context.queryClient.prefetchQuery(collectionsListQuery());
    }
  },
});
