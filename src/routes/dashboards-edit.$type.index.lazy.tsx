import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportEditRoute } from './-report-edit-screen';

export const Route = createLazyFileRoute('/dashboards-edit/$type/')({
  component: ReportEditRoute,
});
