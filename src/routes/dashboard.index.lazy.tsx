import { createLazyFileRoute } from '@tanstack/react-router';
import { DashboardHomePage } from '../features/dashboards/pages/DashboardHomePage';

export const Route = createLazyFileRoute('/dashboard/')({
  component: DashboardHomePage,
});
