import { createLazyFileRoute } from '@tanstack/react-router';
import { ConfigurationAreasPage } from './-configuration-areas';

export const Route = createLazyFileRoute('/automation-configuration-management')({
  component: ConfigurationAreasPage,
});
