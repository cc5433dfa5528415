import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

/** The leadership dashboard of a saved report ({id}, e.g. the one titled Leadership Dashboard), read with the session. */
export const Route = createFileRoute('/dashboard/leadership/$id')({
  staticData: { title: 'Leadership Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  loader: async ({ context }) => {
    const [{ projectListQuery }, { SESSION_ACCESS }] = await Promise.all([
      import('../features/custom-dashboard/api/projects'),
      import('../features/custom-dashboard/api/access'),
    ]);
    void context.queryClient.prefetchQuery(projectListQuery(SESSION_ACCESS));
  },
});
