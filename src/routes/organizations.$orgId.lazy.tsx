import { createLazyFileRoute } from '@tanstack/react-router';
import { OrganizationDetailsPage } from '../features/organizations/pages/OrganizationDetailsPage';

export const Route = createLazyFileRoute('/organizations/$orgId')({
  component: OrganizationDetailsScreen,
});

function OrganizationDetailsScreen() {
  const { orgId } = Route.useParams();
  return <OrganizationDetailsPage orgId={orgId} />;
}
