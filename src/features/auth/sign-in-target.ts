import { getStoredConfig } from '../../lib/config';
import { resolveNextUrl } from '../../lib/safe-redirect';
import { loadUserDetails } from '../../lib/user-details';
import { flags } from '../../shared/config';
import { APP_BASE_PATH } from '../../shared/endpoints';
import { landingLocation } from './guards';

/**
 * Where a fresh session goes (spec part 1 §4 Login step 2): a safe nextUrl, else the landing
 * location of the user's permissions. In-app targets come back under /studio, external ones absolute.
 */
export async function signedInTarget(nextUrl: string | undefined): Promise<string> {
  const config = getStoredConfig();
  const safeNext = resolveNextUrl(nextUrl, flags.redirectHosts(config));
  if (safeNext) return safeNext;
  const user = await loadUserDetails();
  return `${APP_BASE_PATH}${landingLocation(user?.permissions.features ?? [], config)}`;
}

export function isInAppTarget(target: string): boolean {
  return target === APP_BASE_PATH || target.startsWith(`${APP_BASE_PATH}/`);
}
