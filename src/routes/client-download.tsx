import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { desktopClientQuery, iosClientQuery } from '../features/clients/api/clients';
import { ClientDownloadPage } from '../features/clients/pages/ClientDownloadPage';

const IOS_REGENERATE = 'iOS-regenerate';

interface ClientDownloadSearch {
  [IOS_REGENERATE]?: string;
}

export const Route = createFileRoute('/client-download')({
  staticData: { title: 'Client Download' },
  validateSearch: (search: Record<string, unknown>): ClientDownloadSearch =>
    typeof search[IOS_REGENERATE] === 'string' ? { [IOS_REGENERATE]: search[IOS_REGENERATE] } : {},
  beforeLoad: ({ location }) => guardSignedIn(location),
  // Started here so both calls run while the route resolves; the cards read the same query options.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(desktopClientQuery());
    void context.queryClient.prefetchQuery(iosClientQuery());
  },
  component: ClientDownloadRoute,
});

function ClientDownloadRoute() {
  const search = Route.useSearch();
  return <ClientDownloadPage iosJustGenerated={search[IOS_REGENERATE] === 'finished'} />;
}
