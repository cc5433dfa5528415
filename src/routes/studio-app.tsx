import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';

export const Route = createFileRoute('/studio-app')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('STUDIO')),
  // Loaders are not code-split: the query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const { collectionsListQuery } = await import('../features/studio/api/collections-list');
    void context.queryClient.prefetchQuery(collectionsListQuery());
  },
});
