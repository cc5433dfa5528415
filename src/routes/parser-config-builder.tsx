import { createFileRoute } from '@tanstack/react-router';
import { guardSignedIn } from '../features/auth/route-guard';
import { requirePermission } from '../features/auth/guards';

export const Route = createFileRoute('/parser-config-builder')({
  staticData: { title: 'Parser Config Builder' },
  beforeLoad: ({ location }) => guardSignedIn(location, requirePermission('CONFIG_PARSER')),
});
