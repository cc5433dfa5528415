import { createLazyFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { IosBuilderPage } from '../features/ios-builder/pages/IosBuilderPage';

export const Route = createLazyFileRoute('/ios-builder')({
  component: IosBuilderRoute,
});

function IosBuilderRoute() {
  const navigate = useNavigate();
  // §4: FINISHED goes to the client download page, which then shows the iOS banner.
  const onFinished = useCallback(() => void navigate({ to: '/client-download', search: { 'iOS-regenerate': 'finished' } }), [navigate]);
  return <IosBuilderPage onFinished={onFinished} />;
}
