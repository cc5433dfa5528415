/** Permission features of spec part 1 §6, part 2 §6 and part 3 §6. */
export const PERMISSIONS = [
  'STUDIO',
  'RTA_MANAGEMENT',
  'CONTROL_ROOM',
  'OPERATIONS_CENTER',
  'DASHBOARD_MANAGEMENT',
  'DASHBOARD_PUBLISHED',
  'LEGACY_DASHBOARD',
  'ORGANIZATIONS_MANAGEMENT',
  'EMAIL_SETUP',
  'IMAP_EMAIL_ACCOUNT',
  'RECORD_PLAYBACK',
  'CONFIG_PARSER',
  'DATASOURCE_INPUT',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function hasPermission(features: readonly string[] | undefined, permission: Permission): boolean {
  return features?.includes(permission) ?? false;
}

export function hasAnyPermission(features: readonly string[] | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => hasPermission(features, permission));
}
