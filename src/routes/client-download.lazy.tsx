import { createLazyFileRoute } from '@tanstack/react-router';
import { ClientDownloadPage } from '../features/clients/pages/ClientDownloadPage';

export const Route = createLazyFileRoute('/client-download')({
  component: ClientDownloadRoute,
});

function ClientDownloadRoute() {
  const iosJustGenerated = Route.useSearch({ select: (search) => search['iOS-regenerate'] === 'finished' });
  return <ClientDownloadPage iosJustGenerated={iosJustGenerated} />;
}
