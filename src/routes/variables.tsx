import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag } from '../features/auth/guards';
import { flags } from '../shared/config';

/** Manage Variables (spec part 2 §2): shown when the VariableManagement config is on; the calls need sign-in only. */
export const Route = createFileRoute('/variables')({
  staticData: { title: 'Manage Variables' },
  beforeLoad: ({ location }) => guardSignedIn(location, requireFlag(flags.variableManagement)),
  loader: async ({ context }) => {
    const { variableListQuery } = await import('../features/variables/api/variables');
    void context.queryClient.prefetchQuery(variableListQuery());
  },
});
