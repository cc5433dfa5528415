import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { orgIdSearch } from './-search';

export const Route = createFileRoute('/user-creation')({
  staticData: { title: 'User Creation' },
  /** ?orgId= preselects a platform administrator's organization (the organization details page's 'Add user'). */
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
});
