import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { getStoredConfig } from '../../lib/config';
import { getSession, getStoredUser } from '../../lib/session';
import { loadUserDetails } from '../../lib/user-details';
import { firstRedirect, requireAnonymous, requireLogin, type Guard, type GuardSubject } from './guards';

/** The guard subject of this tab: session, the stored user's permissions (loaded once if missing), config. */
export async function currentGuardSubject(): Promise<GuardSubject> {
  const config = getStoredConfig();
  if (!getSession()) return { isLoggedIn: false, features: [], config };
  const user = getStoredUser() ?? (await loadUserDetails().catch(() => null));
  return { isLoggedIn: getSession() !== null, features: user?.permissions.features ?? [], config };
}

async function enforce(guards: readonly Guard[]): Promise<void> {
  const outcome = firstRedirect(await currentGuardSubject(), guards);
  if (outcome) throw redirect({ to: outcome.to, search: outcome.search, replace: true });
}

/** beforeLoad of a signed-in route: login first (remembering the target), then the route's own guards. */
export function guardSignedIn(location: Pick<ParsedLocation, 'href'>, ...guards: readonly Guard[]): Promise<void> {
  return enforce([requireLogin(location.href), ...guards]);
}

/** beforeLoad of the login page: a signed-in user is sent home. */
export function guardAnonymous(): Promise<void> {
  return enforce([requireAnonymous]);
}
