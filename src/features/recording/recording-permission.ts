import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '../../lib/user-details';
import { hasPermission } from '../../shared/permissions';

/** Spec part 1 §6: recording needs RECORD_PLAYBACK (the server checks it again). */
export function useCanRecord(): boolean {
  const { data: user } = useQuery(userDetailsQueryOptions());
  return hasPermission(user?.permissions.features, 'RECORD_PLAYBACK');
}
