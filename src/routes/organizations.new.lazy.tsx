import { createLazyFileRoute } from '@tanstack/react-router';
import { NewOrganizationPage } from '../features/organizations/pages/NewOrganizationPage';

export const Route = createLazyFileRoute('/organizations/new')({
  component: NewOrganizationScreen,
});

function NewOrganizationScreen() {
  const { type } = Route.useSearch();
  return <NewOrganizationPage type={type} />;
}
