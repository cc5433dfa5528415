import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { StudioConfig } from '../../../shared/config';
import { Button } from '../../../ui/Button';
import { MenuButton } from '../../../ui/Menu';
import { Tooltip } from '../../../ui/Tooltip';
import { useCollectionInProgress } from '../collection-progress-store';
import { settingsMenuItems, type SettingsAction } from '../settings-menu';
import { OfflineChanges } from './OfflineChanges';
import { PendingFeatureDialog } from './PendingFeatureDialog';

export interface HeaderProps {
  title: string | undefined;
  userName: string | undefined;
  features: readonly string[];
  config: StudioConfig;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

const POPUP_TITLES: Partial<Record<SettingsAction, string>> = { 'manage-variable': 'Manage Variables', 'email-setup': 'Email Setup' };

/** Top bar: page title, user name, collection sidebar toggle and the settings dropdown. */
export function Header({ title, userName, features, config, isSidebarOpen, onToggleSidebar }: HeaderProps) {
  const navigate = useNavigate();
  const collectionInProgress = useCollectionInProgress();
  const [popupTitle, setPopupTitle] = useState<string | null>(null);

  const onSettings = (id: string) => {
    const action = id as SettingsAction;
    if (action === 'client-download') void navigate({ to: '/client-download' });
    else if (action === 'logout') void navigate({ to: '/logout' });
    else if (action === 'email-setup') void navigate({ to: '/email-setup' });
    else if (action === 'manage-variable') void navigate({ to: '/variables' });
    else setPopupTitle(POPUP_TITLES[action] ?? null);
  };

  return (
    <header className="shell-header">
      <h1 className="shell-header__title">{title}</h1>
      <div className="shell-header__actions">
        {userName && <OfflineChanges />}
        {userName && <span className="shell-header__user">{userName}</span>}
        {!collectionInProgress && (
          <Tooltip content={isSidebarOpen ? 'Hide collection status' : 'Show collection status'}>
            <Button variant="icon" aria-label="Collection status" aria-pressed={isSidebarOpen} onPress={onToggleSidebar}>
              <span aria-hidden="true">☰</span>
            </Button>
          </Tooltip>
        )}
        <MenuButton label="Settings" trigger={<span aria-hidden="true">⚙</span>} variant="icon" items={settingsMenuItems(features, config)} onAction={onSettings} />
      </div>
      <PendingFeatureDialog title={popupTitle} onClose={() => setPopupTitle(null)} />
    </header>
  );
}
