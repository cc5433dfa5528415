import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { NewGroupPage } from '../features/organizations/pages/NewGroupPage';
import { orgIdSearch } from '../features/organizations/groups-search';

export const Route = createFileRoute('/groupCreate/new')({
  staticData: { title: 'Create Group' },
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
  component: NewGroupScreen,
});

function NewGroupScreen() {
  const { orgId } = Route.useSearch();
  return <NewGroupPage orgId={orgId} />;
}
