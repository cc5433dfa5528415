import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

export const Route = createFileRoute('/ios-builder')({
  staticData: { title: 'iOS Gateway Client Builder' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  // Started while the route resolves; the page reads the same query options, which come with their own chunk.
  loader: async ({ context }) => {
    const { iosBuildListQuery } = await import('../features/ios-builder/api/ios-builder');
    void context.queryClient.prefetchQuery(iosBuildListQuery());
  },
});
