import { createLazyFileRoute } from '@tanstack/react-router';
import { GroupsPage } from '../features/organizations/pages/GroupsPage';

export const Route = createLazyFileRoute('/groups/')({
  component: GroupsScreen,
});

function GroupsScreen() {
  const { orgId } = Route.useSearch();
  return <GroupsPage orgId={orgId} />;
}
