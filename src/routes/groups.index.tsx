import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { GroupsPage } from '../features/organizations/pages/GroupsPage';
import { orgIdSearch } from '../features/organizations/groups-search';

export const Route = createFileRoute('/groups/')({
  staticData: { title: 'Groups' },
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
  component: GroupsScreen,
});

function GroupsScreen() {
  const { orgId } = Route.useSearch();
  return <GroupsPage orgId={orgId} />;
}
