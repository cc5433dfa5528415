import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportEditRoute } from './-report-edit-screen';

export const Route = createLazyFileRoute('/reportSaver/$type/')({
  component: ReportEditRoute,
});
