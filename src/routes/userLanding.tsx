import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { signedInTarget } from '../features/auth/sign-in-target';
import { ChangePasswordPage } from '../features/organizations/pages/ChangePasswordPage';

/** The first-sign-in password change: every signed-in user may reach it (a new user has no administration rights). */
export const Route = createFileRoute('/userLanding')({
  staticData: { title: 'Users' },
  beforeLoad: ({ location }) => guardSignedIn(location),
  component: UserLandingScreen,
});

function UserLandingScreen() {
  return <ChangePasswordPage nextTarget={() => signedInTarget(undefined)} />;
}
