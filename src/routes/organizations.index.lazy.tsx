import { createLazyFileRoute } from '@tanstack/react-router';
import { OrganizationsPage } from '../features/organizations/pages/OrganizationsPage';

export const Route = createLazyFileRoute('/organizations/')({
  component: OrganizationsPage,
});
