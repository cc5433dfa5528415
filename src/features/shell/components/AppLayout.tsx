import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { StudioConfig } from '../../../shared/config';
import type { StoredUser } from '../../../shared/contracts/auth';
import { layoutVisibility } from '../layout-visibility';
import { buildMenu, type SavedReports } from '../menu-items';
import { CollectionImportInput } from './CollectionImportInput';
import type { StatusPanelSlots } from './CollectionStatusSidebar';
import type { SettingsPopupSlots } from './Header';
import { PageFrame } from './PageFrame';
import { useCollectionInProgress } from '../collection-progress-store';
import { collectionSidebar } from '../collection-sidebar-store';

// The chrome loads apart from the rest of the signed-in shell, when a page shows it.
const Header = lazy(() => import('./Header').then((module) => ({ default: module.Header })));
const SideMenu = lazy(() => import('./SideMenu').then((module) => ({ default: module.SideMenu })));
const CollectionStatusSidebar = lazy(() => import('./CollectionStatusSidebar').then((module) => ({ default: module.CollectionStatusSidebar })));

export interface AppLayoutProps {
  /** Current path relative to /studio. */
  pathname: string;
  title: string | undefined;
  user: StoredUser | null;
  config: StudioConfig;
  savedReports: SavedReports;
  children: ReactNode;
  /** Contents of the collection status sidebar's panels. */
  statusPanels?: StatusPanelSlots;
  /** Always-mounted extras of the signed-in shell, such as pollers and modals opened from the sidebar. */
  overlay?: ReactNode;
  /** Receives the file chosen in the hidden collection import input. */
  onImportFile?: (file: File) => void;
  /** Contents of the popups the header's settings menu opens over the current screen. */
  settingsPopups?: SettingsPopupSlots;
}

function displayName(user: StoredUser): string {
  const fullName = `${user.userDetails.firstName} ${user.userDetails.lastName}`.trim();
  return fullName || user.userId;
}

/** The app shell of spec part 1 §2: side menu, header, page, collection status sidebar, spinner. */
export function AppLayout({ pathname, title, user, config, savedReports, children, statusPanels, overlay, onImportFile, settingsPopups }: AppLayoutProps) {
  // The user's choice with the toggle, kept in this browser: it opens with the app as it was left (issue 27).
  const [choice, setChoice] = useState(collectionSidebar.choice);
  const [isSidebarOpen, setSidebarOpen] = useState(() => choice === 'open');
  // A collection in progress shows the sidebar by itself, so a user arriving mid-run can watch or cancel it; a Run or
  // an import opens it. Neither overrides a user who closed it.
  const collectionInProgress = useCollectionInProgress();
  useEffect(
    () =>
      collectionSidebar.onOpen(() => {
        if (collectionSidebar.choice() !== 'closed') setSidebarOpen(true);
      }),
    [],
  );
  // Once a collection in progress showed it, it stays when the run ends: Last Collection Completed then shows the
  // result the user watched for, instead of the sidebar vanishing under the pointer. Set while rendering (React's
  // pattern for state that follows another value), so the sidebar never flickers closed for a frame.
  if (collectionInProgress && choice !== 'closed' && !isSidebarOpen) setSidebarOpen(true);
  const visibility = layoutVisibility(pathname);
  const isSidebarShown = isSidebarOpen || (collectionInProgress && choice !== 'closed');
  const showSidebar = visibility.sidebar && isSidebarShown;
  const toggleSidebar = () => {
    const next = isSidebarShown ? 'closed' : 'open';
    collectionSidebar.choose(next);
    setChoice(next);
    setSidebarOpen(next === 'open');
  };
  const features = user?.permissions.features ?? [];
  const showMenu = visibility.menu && user !== null;

  return (
    <PageFrame
      className={['app-shell', showMenu ? 'app-shell--with-menu' : '', showSidebar ? 'app-shell--with-sidebar' : ''].join(' ').trim()}
      pathname={pathname}
      title={title}
      menu={
        showMenu && (
          <Suspense fallback={<nav className="side-menu" aria-label="Main menu" />}>
            <SideMenu entries={buildMenu(features, config)} pathname={pathname} savedReports={savedReports} />
          </Suspense>
        )
      }
      header={
        visibility.header && (
          <Suspense fallback={<header className="shell-header" />}>
            <Header
              title={title}
              userName={user ? displayName(user) : undefined}
              features={features}
              config={config}
              isSidebarOpen={isSidebarShown}
              onToggleSidebar={toggleSidebar}
              settingsPopups={settingsPopups}
            />
          </Suspense>
        )
      }
      aside={
        <>
          {showSidebar && (
            <Suspense fallback={null}>
              <CollectionStatusSidebar config={config} panels={statusPanels} />
            </Suspense>
          )}
          {overlay}
          <CollectionImportInput
            onFile={(file) => {
              // The import's progress shows in the sidebar's Import / Export panel.
              collectionSidebar.open();
              onImportFile?.(file);
            }}
          />
        </>
      }
    >
      {children}
    </PageFrame>
  );
}
