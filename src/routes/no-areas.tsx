import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

export const Route = createFileRoute('/no-areas')({
  staticData: { title: 'Studio' },
  beforeLoad: ({ location }) => guardSignedIn(location),
});
