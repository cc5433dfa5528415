import { CUSTOM_DASHBOARD_ID_KEY } from '../../shared/constants';
import { setParamToken } from '../../lib/session';

/**
 * The leadership dashboard link carries its id (spec part 3 §2 Leadership dashboard): it is kept
 * as the parameter token, which survives logout, and under CustomDashboardId for the shared calls.
 */
export function rememberLeadershipDashboard(dashboardId: string): void {
  setParamToken(dashboardId);
  localStorage.setItem(CUSTOM_DASHBOARD_ID_KEY, dashboardId);
}
