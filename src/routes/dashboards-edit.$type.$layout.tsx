import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { loadReportEditor } from './-report-edit-loader';

/** {layout} is the size new elements take (docs/decisions.md, Report editor). */
export const Route = createFileRoute('/dashboards-edit/$type/$layout')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardManagement),
  loader: (options) => loadReportEditor(options),
});
