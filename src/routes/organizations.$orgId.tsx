import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';

export const Route = createFileRoute('/organizations/$orgId')({
  staticData: { title: 'Organization Details' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.organizations),
  loader: async ({ context, params }) => {
    const { organizationQuery } = await import('../features/organizations/api/organizations');
    void context.queryClient.prefetchQuery(organizationQuery(params.orgId));
  },
});
