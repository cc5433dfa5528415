import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { UserCreationPage } from '../features/organizations/pages/UserCreationPage';
import { orgIdSearch } from '../features/organizations/groups-search';

export const Route = createFileRoute('/user-creation')({
  staticData: { title: 'User Creation' },
  /** ?orgId= preselects a platform administrator's organization (the organization details page's 'Add user'). */
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
  component: UserCreationScreen,
});

function UserCreationScreen() {
  const { orgId } = Route.useSearch();
  return <UserCreationPage orgId={orgId} />;
}
