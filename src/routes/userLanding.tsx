import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';

/** The first-sign-in password change: every signed-in user may reach it (a new user has no administration rights). */
export const Route = createFileRoute('/userLanding')({
  staticData: { title: 'Users' },
  beforeLoad: ({ location }) => guardSignedIn(location),
});
