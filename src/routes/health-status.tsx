import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requireFlag } from '../features/auth/guards';
import { flags } from '../shared/config';

export const Route = createFileRoute('/health-status')({
  staticData: { title: 'Health Status' },
  beforeLoad: ({ location }) => guardSignedIn(location, requireFlag(flags.healthStatus)),
});
