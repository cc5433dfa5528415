import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag, requirePermission } from '../features/auth/guards';
import { flags } from '../shared/config';

export const Route = createFileRoute('/automation-studio')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('STUDIO'), requireFlag(flags.studioEnabled)),
  // Loaders are not code-split: the query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const { collectionsListQuery } = await import('../features/studio/api/collections-list');
    void context.queryClient.prefetchQuery(collectionsListQuery());
  },
});
