import { flags, type StudioConfig } from '../../shared/config';
import { hasAnyPermission, hasPermission, type Permission } from '../../shared/permissions';
import { appPaths } from '../../shared/app-paths';

/**
 * Route guards as pure functions (spec part 1 §6 "Guard behaviour", part 2 §2, part 3 §6).
 * Each returns null to let the navigation through, or where to send the user instead.
 * Routes turn a redirect into TanStack Router's `redirect()` (see route-guard.ts).
 */
export interface GuardSubject {
  isLoggedIn: boolean;
  /** permissions.features of the stored user; empty while anonymous. */
  features: readonly string[];
  config: StudioConfig;
}

export interface GuardRedirect {
  to: string;
  search?: Record<string, string>;
}

export type Guard = (subject: GuardSubject) => GuardRedirect | null;

/** Anonymous users go to the login page, remembering where they wanted to go. */
export function requireLogin(nextUrl: string): Guard {
  return ({ isLoggedIn }) => (isLoggedIn ? null : { to: appPaths.login, search: { nextUrl } });
}

/** Signed-in users are sent to their authenticated home (login page guard). */
export const requireAnonymous: Guard = (subject) => (subject.isLoggedIn ? { to: landingLocation(subject.features, subject.config) } : null);

/** Missing every one of `permissions` sends the user home, i.e. to their landing location. */
export function requirePermission(...permissions: readonly Permission[]): Guard {
  return ({ features, config }) => (hasAnyPermission(features, permissions) ? null : { to: landingLocation(features, config) });
}

/** A config flag that is off sends the user home, like a missing permission. */
export function requireFlag(isOn: (config: StudioConfig) => boolean): Guard {
  return ({ features, config }) => (isOn(config) ? null : { to: landingLocation(features, config) });
}

/** Runs guards in order; the first redirect wins. */
export function firstRedirect(subject: GuardSubject, guards: readonly Guard[]): GuardRedirect | null {
  for (const guard of guards) {
    const outcome = guard(subject);
    if (outcome) return outcome;
  }
  return null;
}

/**
 * The default authenticated location, chosen from the user's permissions
 * (part 1 §4 Login step 2, part 2 §2 landing rules).
 */
export function landingLocation(features: readonly string[], config: StudioConfig): string {
  // The Studio home ('' route) greets with 'Welcome to the Studio!'; the menu's Studio item opens the Studio screen itself.
  if (hasPermission(features, 'STUDIO')) return appPaths.home;
  if (hasPermission(features, 'CONTROL_ROOM')) return appPaths.controlRoom(config);
  if (hasPermission(features, 'OPERATIONS_CENTER')) return appPaths.operationsCenter(config);
  if (hasAnyPermission(features, ['DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED'])) return appPaths.dashboards;
  if (hasPermission(features, 'ORGANIZATIONS_MANAGEMENT')) return appPaths.configurationManagement(config);
  // An account with no area at all (part 1 §4 leaves it open) gets a page saying so.
  return appPaths.noAreas;
}

/**
 * The leadership dashboard is reachable only with a dashboardId query parameter
 * (part 1 §6, part 3 §2); without one the user goes to /login.
 */
export function requireDashboardId(dashboardId: string | undefined): GuardRedirect | null {
  return dashboardId ? null : { to: appPaths.login };
}

/** Guard sets several routes share; where the spec leaves a rule open, docs/decisions.md explains the choice. */
export const areaGuards = {
  /** Viewing dashboards: DASHBOARD_MANAGEMENT or DASHBOARD_PUBLISHED (part 3 §6). */
  dashboardView: [requirePermission('DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED')],
  /** Creating and editing dashboards: DASHBOARD_MANAGEMENT. */
  dashboardManagement: [requirePermission('DASHBOARD_MANAGEMENT')],
  /** Organizations need ORGANIZATIONS_MANAGEMENT and ConfigurationManagement.newUI not false (part 3 §6). */
  organizations: [requirePermission('ORGANIZATIONS_MANAGEMENT'), requireFlag(flags.configurationManagementNewUI)],
  /** Groups and users are organization administration. */
  administration: [requirePermission('ORGANIZATIONS_MANAGEMENT')],
} as const satisfies Record<string, readonly Guard[]>;
