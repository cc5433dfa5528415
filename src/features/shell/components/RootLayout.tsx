import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { configQueryOptions } from '../../../lib/config';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { useSignedInUserId } from '../../../offline/signed-in-user';
import { hasWallDisplayMark, useWallDisplay } from '../../../offline/wall-display-mode';
import { usePageTitle } from '../route-meta';
import { AppLayout, type AppLayoutProps } from './AppLayout';

export type RootLayoutProps = Pick<AppLayoutProps, 'statusPanels' | 'overlay' | 'onImportFile' | 'settingsPopups'> &
  /** The My Dashboards drawer's reports, fetched by the routes layer (the shell imports no other feature). */
  Partial<Pick<AppLayoutProps, 'savedReports'>>;

const NO_SAVED_REPORTS: AppLayoutProps['savedReports'] = [];

// Loaded only for a wall display, so ordinary pages (and the sign-in page's budget) do not carry it.
const WallDisplayIndicator = lazy(() => import('./WallDisplayIndicator').then((module) => ({ default: module.WallDisplayIndicator })));

/** The root route's component: feeds the shell with the location, title, user and config. */
export function RootLayout({ statusPanels, overlay, onImportFile, settingsPopups, savedReports = NO_SAVED_REPORTS }: RootLayoutProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const title = usePageTitle();
  const userId = useSignedInUserId();
  const { data: user } = useQuery({ ...userDetailsQueryOptions(), enabled: userId !== null });
  const { data: config } = useQuery(configQueryOptions);
  const wallDisplayMarked = useRouterState({ select: (state) => hasWallDisplayMark(state.location.searchStr) });
  const isWallDisplay = useWallDisplay();

  return (
    <AppLayout pathname={pathname} title={title} user={userId !== null ? (user ?? null) : null} config={config ?? {}} savedReports={savedReports} statusPanels={statusPanels} overlay={overlay} onImportFile={onImportFile} settingsPopups={settingsPopups}>
      {(wallDisplayMarked || isWallDisplay) && (
        <Suspense fallback={null}>
          <WallDisplayIndicator />
        </Suspense>
      )}
      <Outlet />
    </AppLayout>
  );
}
