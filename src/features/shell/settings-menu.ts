import { flags, type StudioConfig } from '../../shared/config';
import { hasAnyPermission } from '../../shared/permissions';
import type { MenuAction } from '../../ui/Menu';

export type SettingsAction = 'manage-variable' | 'email-setup' | 'client-download' | 'logout';

/** The header's settings dropdown (spec part 1 §2 Header, part 2 §2 Email Management). */
export function settingsMenuItems(features: readonly string[], config: StudioConfig): readonly (MenuAction & { id: SettingsAction })[] {
  return [
    ...(flags.variableManagement(config) ? [{ id: 'manage-variable' as const, label: 'Manage Variable' }] : []),
    ...(hasAnyPermission(features, ['EMAIL_SETUP', 'IMAP_EMAIL_ACCOUNT']) ? [{ id: 'email-setup' as const, label: 'Email Setup' }] : []),
    { id: 'client-download', label: 'Client Download' },
    { id: 'logout', label: 'Logout' },
  ];
}
