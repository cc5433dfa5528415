import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { areaGuards } from '../features/auth/guards';
import { orgIdSearch } from './-search';

export const Route = createFileRoute('/groups/')({
  staticData: { title: 'Groups' },
  validateSearch: orgIdSearch,
  beforeLoad: ({ location }) => guardSignedIn(location, ...areaGuards.administration),
});
