import { createLazyFileRoute } from '@tanstack/react-router';
import { signedInTarget } from '../features/auth/sign-in-target';
import { ChangePasswordPage } from '../features/organizations/pages/ChangePasswordPage';

export const Route = createLazyFileRoute('/userLanding')({
  component: UserLandingScreen,
});

function UserLandingScreen() {
  return <ChangePasswordPage nextTarget={() => signedInTarget(undefined)} />;
}
