import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

export const Route = createFileRoute('/organizations/')({
  staticData: { title: 'Configuration Management' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.organizations),
  // Loaders are not code-split: the query options come with their own chunk, keeping zod off the sign-in page.
  loader: async ({ context }) => {
    const { organizationsQuery } = await import('../features/organizations/api/organizations');
    void context.queryClient.prefetchQuery(organizationsQuery());
  },
});
