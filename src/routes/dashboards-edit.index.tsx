import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { loadReportEditor } from './-report-edit-loader';

/** dashboards-edit without a type opens a new blank report (part 3 §2 Route table). */
export const Route = createFileRoute('/dashboards-edit/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardManagement),
  loader: (options) => loadReportEditor(options),
});
