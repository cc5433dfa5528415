import { createLazyFileRoute } from '@tanstack/react-router';
import { NewGroupPage } from '../features/organizations/pages/NewGroupPage';

export const Route = createLazyFileRoute('/groupCreate/new')({
  component: NewGroupScreen,
});

function NewGroupScreen() {
  const { orgId } = Route.useSearch();
  return <NewGroupPage orgId={orgId} />;
}
