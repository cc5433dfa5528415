import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import type { ClientType } from '../shared/contracts/organizations';
import { optionalString } from './-search';

// The contract's CLIENT_TYPES, spelled here: route options are not code-split, and the contract module brings zod.
const CLIENT_TYPES: readonly ClientType[] = ['RTA', 'RPA', 'DOMA'];

/** ?type= of the CREATE ORGANIZATION menu (RTA, RPA, DOMA, any case); anything else is dropped. */
function clientType(value: unknown): ClientType | undefined {
  const upper = optionalString(value)?.toUpperCase();
  return CLIENT_TYPES.find((type) => type === upper);
}

export const Route = createFileRoute('/organizations/new')({
  staticData: { title: 'Configuration Management' },
  validateSearch: (search: Record<string, unknown>): { type?: ClientType } => {
    const type = clientType(search.type);
    return type ? { type } : {};
  },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.organizations),
  loader: async ({ context }) => {
    const { licensesQuery } = await import('../features/organizations/api/licenses');
    void context.queryClient.prefetchQuery(licensesQuery());
  },
});
