import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { orgIdSearch } from './-search';

export const Route = createFileRoute('/groupCreate/new')({
  staticData: { title: 'Create Group' },
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
});
