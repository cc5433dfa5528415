import { describe, expect, it } from 'vitest';
import type { StudioConfig } from '../../shared/config';
import type { Permission } from '../../shared/permissions';
import {
  areaGuards,
  firstRedirect,
  landingLocation,
  requireAnonymous,
  requireDashboardId,
  requireFlag,
  requireLogin,
  requirePermission,
  type GuardSubject,
} from './guards';
import { flags } from '../../shared/config';

function signedIn(features: readonly Permission[], config: StudioConfig = {}): GuardSubject {
  return { isLoggedIn: true, features, config };
}

const anonymous: GuardSubject = { isLoggedIn: false, features: [], config: {} };

describe('landingLocation', () => {
  it.each<[string, readonly Permission[], StudioConfig, string]>([
    ['STUDIO goes to the Studio home', ['STUDIO', 'CONTROL_ROOM'], {}, '/'],
    ['STUDIO with Studio.newUI false also goes to the Studio home', ['STUDIO'], { Studio: { newUI: false } }, '/'],
    ['CONTROL_ROOM goes to the new schedule UI by default', ['CONTROL_ROOM', 'OPERATIONS_CENTER'], {}, '/control-room'],
    ['CONTROL_ROOM with Schedule.newSchedule false goes to the old control panel', ['CONTROL_ROOM'], { Schedule: { newSchedule: false } }, '/automation-control-panel'],
    ['OPERATIONS_CENTER goes to the new operations centre', ['OPERATIONS_CENTER', 'DASHBOARD_MANAGEMENT'], {}, '/operations-center'],
    ['OPERATIONS_CENTER with OperationsCenter.newUI false goes to the old one', ['OPERATIONS_CENTER'], { OperationsCenter: { newUI: false } }, '/automation-operations-center'],
    ['DASHBOARD_MANAGEMENT goes to the dashboards', ['DASHBOARD_MANAGEMENT'], {}, '/dashboards'],
    ['DASHBOARD_PUBLISHED goes to the dashboards', ['DASHBOARD_PUBLISHED', 'ORGANIZATIONS_MANAGEMENT'], {}, '/dashboards'],
    ['ORGANIZATIONS_MANAGEMENT goes to configuration management', ['ORGANIZATIONS_MANAGEMENT'], {}, '/configuration-management'],
    ['ORGANIZATIONS_MANAGEMENT with the old UI', ['ORGANIZATIONS_MANAGEMENT'], { ConfigurationManagement: { newUI: false } }, '/automation-configuration-management'],
    ['no area at all goes to the no-areas page', ['EMAIL_SETUP', 'RECORD_PLAYBACK'], {}, '/no-areas'],
  ])('%s', (_name, features, config, expected) => {
    expect(landingLocation(features, config)).toBe(expected);
  });
});

describe('requireLogin', () => {
  it('sends an anonymous user to /login with the wanted address as nextUrl', () => {
    expect(requireLogin('/control-room?tab=2')(anonymous)).toEqual({ to: '/login', search: { nextUrl: '/control-room?tab=2' } });
  });

  it('lets a signed-in user through', () => {
    expect(requireLogin('/control-room')(signedIn([]))).toBeNull();
  });
});

describe('requireAnonymous', () => {
  it('sends a signed-in user to their landing location', () => {
    expect(requireAnonymous(signedIn(['CONTROL_ROOM']))).toEqual({ to: '/control-room' });
  });

  it('lets an anonymous user see the login page', () => {
    expect(requireAnonymous(anonymous)).toBeNull();
  });
});

describe('requirePermission', () => {
  it('lets a user with any one of the permissions through', () => {
    expect(requirePermission('DASHBOARD_MANAGEMENT', 'DASHBOARD_PUBLISHED')(signedIn(['DASHBOARD_PUBLISHED']))).toBeNull();
  });

  it('sends a user without them home, i.e. to their landing location', () => {
    expect(requirePermission('OPERATIONS_CENTER')(signedIn(['STUDIO']))).toEqual({ to: '/' });
  });
});

describe('requireFlag', () => {
  it('sends the user home when the flag is off', () => {
    const guard = requireFlag(flags.studioEnabled);
    expect(guard(signedIn(['STUDIO', 'CONTROL_ROOM'], { Studio: { newUI: false } }))).toEqual({ to: '/' });
    expect(guard(signedIn(['STUDIO'], {}))).toBeNull();
  });

  it('gates the health page on HealthStatus.enabled', () => {
    const guard = requireFlag(flags.healthStatus);
    expect(guard(signedIn(['CONTROL_ROOM']))).toEqual({ to: '/control-room' });
    expect(guard(signedIn(['CONTROL_ROOM'], { HealthStatus: { enabled: true } }))).toBeNull();
  });
});

describe('firstRedirect', () => {
  it('applies the login guard before the permission guard', () => {
    expect(firstRedirect(anonymous, [requireLogin('/operations-center'), requirePermission('OPERATIONS_CENTER')])).toEqual({
      to: '/login',
      search: { nextUrl: '/operations-center' },
    });
  });

  it('blocks the new operations centre when OperationsCenter.newUI is false even with the permission', () => {
    const subject = signedIn(['OPERATIONS_CENTER'], { OperationsCenter: { newUI: false } });
    expect(firstRedirect(subject, [requirePermission('OPERATIONS_CENTER'), requireFlag(flags.operationsCenterNewUI)])).toEqual({
      to: '/automation-operations-center',
    });
  });
});

describe('area guard sets', () => {
  it('lets DASHBOARD_PUBLISHED view but not edit dashboards', () => {
    const subject = signedIn(['DASHBOARD_PUBLISHED']);
    expect(firstRedirect(subject, areaGuards.dashboardView)).toBeNull();
    expect(firstRedirect(subject, areaGuards.dashboardManagement)).toEqual({ to: '/dashboards' });
  });

  it('blocks organizations when ConfigurationManagement.newUI is false', () => {
    const config: StudioConfig = { ConfigurationManagement: { newUI: false } };
    expect(firstRedirect(signedIn(['ORGANIZATIONS_MANAGEMENT'], config), areaGuards.organizations)).toEqual({ to: '/automation-configuration-management' });
    expect(firstRedirect(signedIn(['ORGANIZATIONS_MANAGEMENT']), areaGuards.organizations)).toBeNull();
  });

  it('keeps groups and users to organization administrators', () => {
    expect(firstRedirect(signedIn(['STUDIO']), areaGuards.administration)).toEqual({ to: '/' });
    expect(firstRedirect(signedIn(['ORGANIZATIONS_MANAGEMENT']), areaGuards.administration)).toBeNull();
  });
});

describe('requireDashboardId', () => {
  it('sends a leadership link without dashboardId to /login', () => {
    expect(requireDashboardId(undefined)).toEqual({ to: '/login' });
    expect(requireDashboardId('')).toEqual({ to: '/login' });
  });

  it('accepts a link with dashboardId', () => {
    expect(requireDashboardId('dash-7')).toBeNull();
  });
});
