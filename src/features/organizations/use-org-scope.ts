import { usePlatformAdmin } from './use-platform-admin';

/**
 * The organization a page works on: ?orgId= for a platform administrator, else undefined (the caller's own; the
 * server would refuse another organization anyway).
 */
export function useOrgScope(orgId: string | undefined): string | undefined {
  return usePlatformAdmin() ? orgId : undefined;
}
