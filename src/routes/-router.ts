import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { APP_BASE_PATH } from '../shared/endpoints';
import { routeTree } from '../routeTree.gen';

/** The one router of the app (main.tsx) and of the route tests, which pass a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    basepath: APP_BASE_PATH,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    // Guards must run on every navigation: a permission may have changed since the last one.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
