import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { configQueryOptions } from '../lib/config';
import { isAuthPage } from '../features/shell/layout-visibility';
import { loadSignedInShell, Root } from './-root';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every guard reads config flags, so the config is loaded before the first route; the signed-in shell too, unless
  // the page is a sign-in page.
  beforeLoad: ({ context, location }) =>
    Promise.all([context.queryClient.ensureQueryData(configQueryOptions), isAuthPage(location.pathname) ? null : loadSignedInShell()]).then(() => undefined),
  component: Root,
});
