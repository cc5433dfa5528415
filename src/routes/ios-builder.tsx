import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { guardSignedIn } from '../features/auth/route-guard';
import { iosBuildListQuery } from '../features/ios-builder/api/ios-builder';
import { IosBuilderPage } from '../features/ios-builder/pages/IosBuilderPage';

export const Route = createFileRoute('/ios-builder')({
  staticData: { title: 'iOS Gateway Client Builder' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  // Started while the route resolves; the page reads the same query options.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(iosBuildListQuery());
  },
  component: IosBuilderRoute,
});

function IosBuilderRoute() {
  const navigate = useNavigate();
  // §4: FINISHED goes to the client download page, which then shows the iOS banner.
  const onFinished = useCallback(() => void navigate({ to: '/client-download', search: { 'iOS-regenerate': 'finished' } }), [navigate]);
  return <IosBuilderPage onFinished={onFinished} />;
}
