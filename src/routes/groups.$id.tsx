import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { orgIdSearch } from './-search';

export const Route = createFileRoute('/groups/$id')({
  staticData: { title: 'Group Details' },
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
  loader: async ({ context, params }) => {
    const { groupQuery } = await import('../features/organizations/api/groups');
    void context.queryClient.prefetchQuery(groupQuery(params.id));
  },
});
