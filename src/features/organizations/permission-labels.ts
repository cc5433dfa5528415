import { PERMISSIONS, type Permission } from '../../shared/permissions';

/** 'ORGANIZATIONS_MANAGEMENT' -> 'Organizations management'; RTA, IMAP stay capitals. */
export function permissionLabel(permission: string): string {
  const ACRONYMS = new Set(['RTA', 'IMAP']);
  return permission
    .split('_')
    .map((word, index) => (ACRONYMS.has(word) ? word : index === 0 ? word[0] + word.slice(1).toLowerCase() : word.toLowerCase()))
    .join(' ');
}

export const PERMISSION_OPTIONS = PERMISSIONS.map((id) => ({ id, label: permissionLabel(id) }));

export function onlyPermissions(ids: readonly string[]): Permission[] {
  return PERMISSIONS.filter((permission) => ids.includes(permission));
}
