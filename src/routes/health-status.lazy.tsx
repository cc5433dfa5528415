import { createLazyFileRoute } from '@tanstack/react-router';
import { HealthStatusPage } from '../features/health/pages/HealthStatusPage';

export const Route = createLazyFileRoute('/health-status')({
  component: HealthStatusPage,
});
