import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

export const Route = createFileRoute('/device-control')({
  staticData: { title: 'Device Control' },
  beforeLoad: ({ location }) => guardSignedIn(location),
});
