import { flags, type StudioConfig } from './config';

/**
 * Client route targets that depend on config flags (spec part 1 §2 Side menu "Route targets
 * depend on the flags", part 2 §2 landing). Shared so the guards and the side menu agree.
 * Paths are relative to the app base path /studio.
 */
export const appPaths = {
  home: '/',
  login: '/login',
  loggedOut: '/logged-out',
  noAreas: '/no-areas',
  dashboards: '/dashboards',
  /** The embedded studio unless Studio.newUI is false, which blocks it. */
  studio: (config: StudioConfig) => (flags.studioEnabled(config) ? '/automation-studio' : '/studio-app'),
  /** The new schedule UI only when Schedule.newSchedule is on. */
  controlRoom: (config: StudioConfig) => (flags.newSchedule(config) ? '/control-room' : '/automation-control-panel'),
  operationsCenter: (config: StudioConfig) => (flags.operationsCenterNewUI(config) ? '/operations-center' : '/automation-operations-center'),
  configurationManagement: (config: StudioConfig) =>
    flags.configurationManagementNewUI(config) ? '/configuration-management' : '/automation-configuration-management',
} as const;
