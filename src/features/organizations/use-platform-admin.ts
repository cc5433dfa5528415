import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '../../lib/user-details';
import { organizationsQuery } from './api/organizations';
import { isPlatformMember } from './organization-view';

/**
 * Whether the signed-in user administers the platform: its organization is the list's platform organization. Only
 * hides licence controls; the server refuses licence writes from anyone else whatever the client shows.
 */
export function usePlatformAdmin(): boolean {
  const tiles = useQuery(organizationsQuery());
  const user = useQuery(userDetailsQueryOptions());
  return isPlatformMember(tiles.data, user.data?.orgId);
}
