import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { NoAreasPage } from '../features/shell/pages/NoAreasPage';

export const Route = createFileRoute('/no-areas')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: NoAreasPage,
});
