import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { loadReportEditor } from './-report-edit-loader';

/** reportSaver is the same editor as dashboards-edit (docs/decisions.md, Report editor). */
export const Route = createFileRoute('/reportSaver/$type/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardManagement),
  loader: (options) => loadReportEditor(options),
});
