import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { ToastRegionSlot } from '../ui/toast-queue';
import type { AppRouter } from './-router';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
}

/** An address with a scheme (device control on its own port) belongs to another application, not to a route here. */
const isAbsoluteUrl = (href: string) => /^[a-z][a-z\d+.-]*:/i.test(href);

/** Providers around the router; react-aria's RouterProvider makes aria Links navigate through the router. */
export function App({ router, queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AriaRouterProvider
        navigate={(href) => void router.navigate({ to: href })}
        useHref={(href) => (isAbsoluteUrl(href) ? href : router.buildLocation({ to: href }).publicHref)}
      >
        <RouterProvider router={router} />
      </AriaRouterProvider>
      <ToastRegionSlot />
    </QueryClientProvider>
  );
}
