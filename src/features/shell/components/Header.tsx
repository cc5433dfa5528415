import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { StudioConfig } from '../../../shared/config';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { MenuButton } from '../../../ui/Menu';
import { Tooltip } from '../../../ui/Tooltip';
import { settingsPopup, useSettingsPopup, type SettingsPopup } from '../settings-popup-store';
import { settingsMenuItems, type SettingsAction } from '../settings-menu';
import { OfflineChanges } from './OfflineChanges';

/** The contents of the settings popups, composed by the routes layer (the shell does not import the features). */
export type SettingsPopupSlots = Partial<Record<SettingsPopup, ReactNode>>;

export interface HeaderProps {
  title: string | undefined;
  userName: string | undefined;
  features: readonly string[];
  config: StudioConfig;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  settingsPopups?: SettingsPopupSlots;
}

const POPUP_TITLES: Record<SettingsPopup, string> = { 'manage-variable': 'Manage Variables', 'email-setup': 'Email Setup' };

/** Top bar: page title, user name, collection sidebar toggle and the settings dropdown. */
export function Header({ title, userName, features, config, isSidebarOpen, onToggleSidebar, settingsPopups = {} }: HeaderProps) {
  const navigate = useNavigate();
  const popup = useSettingsPopup();
  // A popup left open when the header goes (a sign-out) must not come back with the next sign-in.
  useEffect(() => settingsPopup.close, []);

  const onSettings = (id: string) => {
    const action = id as SettingsAction;
    if (action === 'client-download') void navigate({ to: '/client-download' });
    else if (action === 'logout') void navigate({ to: '/logout' });
    else settingsPopup.open(action);
  };

  return (
    <header className="shell-header">
      <h1 className="shell-header__title">{title}</h1>
      <div className="shell-header__actions">
        {userName && <OfflineChanges />}
        {userName && <span className="shell-header__user">{userName}</span>}
        {/* Shown while a collection is in progress too (unlike spec part 1 §2): the user decides (issue 27). */}
        <Tooltip content={isSidebarOpen ? 'Hide collection status' : 'Show collection status'}>
          {/* Named by its visible words, not only by an icon a newcomer cannot read (issue 19). */}
          <Button variant="ghost" className="shell-header__sidebar-toggle" aria-pressed={isSidebarOpen} onPress={onToggleSidebar}>
            <span aria-hidden="true">☰</span> Collection status
          </Button>
        </Tooltip>
        <MenuButton label="Settings" trigger={<span aria-hidden="true">⚙</span>} variant="icon" items={settingsMenuItems(features, config)} onAction={onSettings} />
      </div>
      {/* Opened from the menu, the popup gives focus back to the Settings button when it closes (react-aria's modal). */}
      <Dialog title={popup ? POPUP_TITLES[popup] : ''} isOpen={popup !== null} onDismiss={settingsPopup.close} size="extra-large" footer={<Button onPress={settingsPopup.close}>Close</Button>}>
        {popup && settingsPopups[popup]}
      </Dialog>
    </header>
  );
}
