import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { loadReportEditor } from './-report-edit-loader';

/** {type} is BLANK for a new report, otherwise the id of the report to edit (part 3 §2 Route table). */
export const Route = createFileRoute('/dashboards-edit/$type/')({
  staticData: { title: 'Dashboard' },
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.dashboardManagement),
  loader: (options) => loadReportEditor(options),
});
