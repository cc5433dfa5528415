import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { WelcomePage } from '../features/shell/pages/WelcomePage';

export const Route = createFileRoute('/')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: WelcomePage,
});
