import { flags, type StudioConfig } from '../../shared/config';
import { hasAnyPermission, type Permission } from '../../shared/permissions';
import { appPaths } from '../../shared/app-paths';

/** Icon names of spec part 1 §2 Side menu; the menu draws them as glyphs. */
export type MenuIcon =
  | 'studio'
  | 'studio-rta'
  | 'control-room'
  | 'operations-center'
  | 'organizations'
  | 'dashboard'
  | 'dashboard-my'
  | 'dashboard-shared'
  | 'static-dashboard'
  | 'custom-dashboard'
  | 'leadership-dashboard'
  | 'device-control'
  | 'user-create'
  | 'parser-config';

export interface MenuEntry {
  id: string;
  label: string;
  icon: MenuIcon;
  /** App path (without /studio); absent for submenu parents and drawers. */
  to?: string;
  badge?: 'beta';
  /** Opens a fly-out drawer instead of navigating. */
  drawer?: 'my-dashboards';
  children?: readonly MenuEntry[];
}

interface MenuDefinition extends Omit<MenuEntry, 'children'> {
  /** Any one of these grants the entry; none means every signed-in user. */
  permissions?: readonly Permission[];
  isShown?: (config: StudioConfig) => boolean;
  children?: readonly MenuDefinition[];
}

function definitions(config: StudioConfig): readonly MenuDefinition[] {
  return [
    {
      id: 'studio',
      label: 'Studio',
      icon: 'studio',
      permissions: ['STUDIO', 'RTA_MANAGEMENT'],
      to: flags.newStudioUI(config) ? undefined : appPaths.studio(config),
      children: flags.newStudioUI(config)
        ? [
            { id: 'studio-traditional', label: 'Traditional', icon: 'studio-rta', to: '/automation-studio', isShown: flags.studioEnabled },
            { id: 'studio-new', label: 'New', icon: 'studio', to: '/studio-app', badge: 'beta' },
          ]
        : undefined,
    },
    { id: 'control-room', label: 'Control Room', icon: 'control-room', permissions: ['CONTROL_ROOM'], to: appPaths.controlRoom(config) },
    { id: 'operations-center', label: 'Operations Centre', icon: 'operations-center', permissions: ['OPERATIONS_CENTER'], to: appPaths.operationsCenter(config) },
    {
      id: 'organizations',
      label: 'Configuration Management',
      icon: 'organizations',
      permissions: ['ORGANIZATIONS_MANAGEMENT'],
      children: [
        { id: 'organizations-list', label: 'Organizations', icon: 'organizations', to: '/organizations', isShown: flags.configurationManagementNewUI },
        { id: 'resource-management', label: 'Resource Management', icon: 'device-control', to: '/configuration-management', isShown: flags.configurationManagementNewUI },
        { id: 'configuration-management-classic', label: 'Resources and Filters', icon: 'device-control', to: '/automation-configuration-management', isShown: (c) => !flags.configurationManagementNewUI(c) },
      ],
    },
    {
      id: 'dashboard',
      label: 'Dashboard',
      icon: 'dashboard',
      permissions: ['DASHBOARD_MANAGEMENT'],
      children: [
        { id: 'dashboard-new', label: 'New', icon: 'custom-dashboard', to: '/dashboards-edit/BLANK' },
        { id: 'dashboard-my', label: 'My Dashboards', icon: 'dashboard-my', drawer: 'my-dashboards' },
        { id: 'static-dashboard', label: 'Static Dashboard', icon: 'static-dashboard', to: '/static-dashboard', permissions: ['LEGACY_DASHBOARD'] },
      ],
    },
    { id: 'parser-config-builder', label: 'Parser Config Builder', icon: 'parser-config', permissions: ['CONFIG_PARSER'], to: '/parser-config-builder' },
  ];
}

function isAllowed(definition: MenuDefinition, features: readonly string[], config: StudioConfig): boolean {
  const permitted = !definition.permissions || hasAnyPermission(features, definition.permissions);
  return permitted && (definition.isShown?.(config) ?? true);
}

function toEntry(definition: MenuDefinition, features: readonly string[], config: StudioConfig): MenuEntry | null {
  if (!isAllowed(definition, features, config)) return null;
  const { permissions: _permissions, isShown: _isShown, children, ...entry } = definition;
  if (!children) return entry;
  const visibleChildren = children.map((child) => toEntry(child, features, config)).filter((child): child is MenuEntry => child !== null);
  // A parent that only groups children disappears with its last child.
  if (visibleChildren.length === 0 && !entry.to) return null;
  return { ...entry, children: visibleChildren };
}

/** The side menu for a user: items and sub-items filtered by permission and config (spec part 1 §2, part 3 §2). */
export function buildMenu(features: readonly string[], config: StudioConfig): readonly MenuEntry[] {
  return definitions(config)
    .map((definition) => toEntry(definition, features, config))
    .filter((entry): entry is MenuEntry => entry !== null);
}

/** The first path segment, which the menu compares with each item's route. */
export function activeRouteOf(pathname: string): string {
  return pathname.split('/').find((segment) => segment !== '') ?? '';
}

/** An item is active when the first segment of its route equals the active route; a parent when a child is. */
export function isEntryActive(entry: MenuEntry, activeRoute: string): boolean {
  if (entry.to !== undefined && activeRouteOf(entry.to) === activeRoute) return true;
  return entry.children?.some((child) => isEntryActive(child, activeRoute)) ?? false;
}

export interface SavedReportSummary {
  id: string;
  title: string;
}

/** The drawer's reports once read, or why there are none to show yet: still loading, or the list failed. */
export type SavedReports = readonly SavedReportSummary[] | 'loading' | 'failed';

const DRAWER_EXCLUDED_TITLES: readonly string[] = ['Leadership Dashboard', 'Custom Dashboard'];

/** The My Dashboards drawer lists saved reports except the leadership and custom dashboards. */
export function drawerReports(reports: readonly SavedReportSummary[]): readonly SavedReportSummary[] {
  return reports.filter((report) => !DRAWER_EXCLUDED_TITLES.includes(report.title));
}
