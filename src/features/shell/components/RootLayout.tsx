import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { configQueryOptions } from '../../../lib/config';
import { getSession, subscribeSession } from '../../../lib/session';
import { userDetailsQueryOptions } from '../../../lib/user-details';
import { usePageTitle } from '../route-meta';
import { AppLayout, type AppLayoutProps } from './AppLayout';

export type RootLayoutProps = Pick<AppLayoutProps, 'statusPanels' | 'overlay' | 'onImportFile'>;

const sessionUserId = () => getSession()?.userId ?? null;

/** The root route's component: feeds the shell with the location, title, user and config. */
export function RootLayout({ statusPanels, overlay, onImportFile }: RootLayoutProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const title = usePageTitle();
  const userId = useSyncExternalStore(subscribeSession, sessionUserId);
  const { data: user } = useQuery({ ...userDetailsQueryOptions(), enabled: userId !== null });
  const { data: config } = useQuery(configQueryOptions);

  return (
    <AppLayout pathname={pathname} title={title} user={userId !== null ? (user ?? null) : null} config={config ?? {}} savedReports={[]} statusPanels={statusPanels} overlay={overlay} onImportFile={onImportFile}>
      <Outlet />
    </AppLayout>
  );
}
