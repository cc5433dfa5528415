import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportViewPage } from '../features/dashboards/pages/ReportViewPage';

export const Route = createLazyFileRoute('/dashboards/$id')({
  component: ReportViewScreen,
});

function ReportViewScreen() {
  const { id } = Route.useParams();
  return <ReportViewPage id={id} />;
}
