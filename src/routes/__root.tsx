import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { configQueryOptions } from '../lib/config';
import { RootWithCollectionStatus } from './-collection-status';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every guard reads config flags, so the config is loaded before the first route.
  beforeLoad: ({ context }) => context.queryClient.ensureQueryData(configQueryOptions).then(() => undefined),
  component: RootWithCollectionStatus,
});
