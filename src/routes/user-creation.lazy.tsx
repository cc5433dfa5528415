import { createLazyFileRoute } from '@tanstack/react-router';
import { UserCreationPage } from '../features/organizations/pages/UserCreationPage';

export const Route = createLazyFileRoute('/user-creation')({
  component: UserCreationScreen,
});

function UserCreationScreen() {
  const { orgId } = Route.useSearch();
  return <UserCreationPage orgId={orgId} />;
}
