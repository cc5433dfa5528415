import { createLazyFileRoute } from '@tanstack/react-router';
import { GroupDetailsPage } from '../features/organizations/pages/GroupDetailsPage';

export const Route = createLazyFileRoute('/groups/$id')({
  component: GroupDetailsScreen,
});

function GroupDetailsScreen() {
  const { id } = Route.useParams();
  const { orgId } = Route.useSearch();
  return <GroupDetailsPage id={id} orgId={orgId} />;
}
