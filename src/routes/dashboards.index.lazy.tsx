import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportListPage } from '../features/dashboards/pages/ReportListPage';

export const Route = createLazyFileRoute('/dashboards/')({
  component: ReportListPage,
});
