import { ApiError } from '../../../lib/api-error';
import { DISPLAY_TOKEN_PREFIX } from '../../../shared/contracts/custom-dashboard';
import { SESSION_ACCESS, type DashboardAccess } from '../api/access';

/**
 * How the leadership page at dashboard/leadership?dashboardId=… reads its data. A display token (ldt_…) always reads
 * as a display, signed in or not, so a wall display shows what its link shares. Any other id is a saved report's (the
 * spec's link form, §2): a signed-in user reads it with the session; without one it is tried as a display token and
 * gets the 'unknown link' page from the server's 401.
 */
export function leadershipAccess(dashboardId: string, signedIn: boolean): DashboardAccess {
  if (dashboardId.startsWith(DISPLAY_TOKEN_PREFIX) || !signedIn) return { kind: 'display', token: dashboardId };
  return SESSION_ACCESS;
}

/** A display whose last read was refused: its token is unknown or revoked (the shared calls answer 401). */
export function isRefusedDisplay(access: DashboardAccess, error: unknown): boolean {
  return access.kind === 'display' && error instanceof ApiError && error.status === 401;
}
