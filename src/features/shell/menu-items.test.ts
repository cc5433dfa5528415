import { describe, expect, it } from 'vitest';
import type { StudioConfig } from '../../shared/config';
import { PERMISSIONS, type Permission } from '../../shared/permissions';
import { activeRouteOf, buildMenu, drawerReports, isEntryActive, type MenuEntry } from './menu-items';

function ids(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => [entry.id, ...ids(entry.children ?? [])]);
}

function entry(entries: readonly MenuEntry[], id: string): MenuEntry {
  const found = entries.flatMap((item) => [item, ...(item.children ?? [])]).find((item) => item.id === id);
  if (!found) throw new Error(`no menu entry ${id}`);
  return found;
}

describe('buildMenu permission filtering', () => {
  it('shows only the items the permissions grant', () => {
    expect(ids(buildMenu(['CONTROL_ROOM'], {}))).toEqual(['control-room']);
    expect(ids(buildMenu([], {}))).toEqual([]);
  });

  it('shows every area to a user with every permission', () => {
    expect(buildMenu(PERMISSIONS, {}).map((item) => item.id)).toEqual([
      'studio',
      'control-room',
      'operations-center',
      'organizations',
      'dashboard',
      'parser-config-builder',
    ]);
  });

  it('offers the studio item to RTA_MANAGEMENT as well', () => {
    expect(ids(buildMenu(['RTA_MANAGEMENT'], {}))).toEqual(['studio']);
  });

  it('shows Static Dashboard under Dashboard only with LEGACY_DASHBOARD', () => {
    expect(ids(buildMenu(['DASHBOARD_MANAGEMENT'], {}))).toEqual(['dashboard', 'dashboard-new', 'dashboard-my']);
    expect(ids(buildMenu(['DASHBOARD_MANAGEMENT', 'LEGACY_DASHBOARD'], {}))).toContain('static-dashboard');
    expect(ids(buildMenu(['LEGACY_DASHBOARD'], {}))).toEqual([]);
  });

  it('shows Parser Config Builder only with CONFIG_PARSER', () => {
    const withParser = buildMenu(['CONFIG_PARSER'], {});
    expect(ids(withParser)).toEqual(['parser-config-builder']);
    expect(entry(withParser, 'parser-config-builder').to).toBe('/parser-config-builder');
  });
});

describe('buildMenu route targets', () => {
  const all: readonly Permission[] = PERMISSIONS;

  it('follows Schedule.newSchedule and OperationsCenter.newUI', () => {
    expect(entry(buildMenu(all, {}), 'control-room').to).toBe('/control-room');
    expect(entry(buildMenu(all, {}), 'operations-center').to).toBe('/operations-center');
    const oldUi: StudioConfig = { Schedule: { newSchedule: false }, OperationsCenter: { newUI: false } };
    expect(entry(buildMenu(all, oldUi), 'control-room').to).toBe('/automation-control-panel');
    expect(entry(buildMenu(all, oldUi), 'operations-center').to).toBe('/automation-operations-center');
  });

  it('gives studio Traditional and New (beta) entries when the new Studio UI is configured', () => {
    const studio = entry(buildMenu(['STUDIO'], { Studio: { newStudioUI: true } }), 'studio');
    expect(studio.to).toBeUndefined();
    expect(studio.children?.map((child) => [child.label, child.to, child.badge])).toEqual([
      ['Traditional', '/automation-studio', undefined],
      ['New', '/studio-app', 'beta'],
    ]);
    const plainStudio = entry(buildMenu(['STUDIO'], {}), 'studio');
    expect([plainStudio.to, plainStudio.children]).toEqual(['/automation-studio', undefined]);
    expect(entry(buildMenu(['STUDIO'], { Studio: { newUI: false } }), 'studio').to).toBe('/studio-app');
  });

  it('follows ConfigurationManagement.newUI for the configuration entries', () => {
    expect(ids(buildMenu(['ORGANIZATIONS_MANAGEMENT'], {}))).toEqual(['organizations', 'organizations-list', 'resource-management']);
    expect(ids(buildMenu(['ORGANIZATIONS_MANAGEMENT'], { ConfigurationManagement: { newUI: false } }))).toEqual([
      'organizations',
      'configuration-management-classic',
    ]);
  });
});

describe('active item rule', () => {
  it('takes the first path segment as the active route', () => {
    expect(activeRouteOf('/dashboards-edit/BLANK/2')).toBe('dashboards-edit');
    expect(activeRouteOf('/')).toBe('');
  });

  it('marks an item active when the first segment of its route equals the active route', () => {
    const controlRoom = entry(buildMenu(['CONTROL_ROOM'], {}), 'control-room');
    expect(isEntryActive(controlRoom, activeRouteOf('/control-room'))).toBe(true);
    expect(isEntryActive(controlRoom, activeRouteOf('/automation-control-panel'))).toBe(false);
  });

  it('marks a parent active when a child is, so its submenu opens', () => {
    const dashboard = entry(buildMenu(['DASHBOARD_MANAGEMENT', 'LEGACY_DASHBOARD'], {}), 'dashboard');
    expect(isEntryActive(dashboard, activeRouteOf('/static-dashboard'))).toBe(true);
    expect(isEntryActive(dashboard, activeRouteOf('/dashboards-edit/BLANK'))).toBe(true);
    expect(isEntryActive(dashboard, activeRouteOf('/control-room'))).toBe(false);
  });
});

describe('drawerReports', () => {
  it('leaves out the leadership and custom dashboards', () => {
    const reports = [
      { id: '1', title: 'Weekly' },
      { id: '2', title: 'Leadership Dashboard' },
      { id: '3', title: 'Custom Dashboard' },
    ];
    expect(drawerReports(reports)).toEqual([{ id: '1', title: 'Weekly' }]);
  });
});
