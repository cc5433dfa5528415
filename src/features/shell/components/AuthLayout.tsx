import { useEffect, type ReactNode } from 'react';
import { prefetchSignedInApp } from '../../../lib/prefetch';
import { usePageTitle } from '../route-meta';
import { PageFrame } from './PageFrame';

export interface AuthLayoutProps {
  /** Current path relative to /studio. */
  pathname: string;
  children: ReactNode;
}

/**
 * The frame of the sign-in pages (login, logout, logged-out), which show no menu, header or status sidebar (spec part 1
 * §2). It carries nothing of the signed-in shell, so /studio/login loads only what signing in needs; once the page is
 * up, the signed-in app is prefetched while the browser is idle.
 */
export function AuthLayout({ pathname, children }: AuthLayoutProps) {
  const title = usePageTitle();
  useEffect(() => prefetchSignedInApp(), []);
  return (
    <PageFrame className="app-shell" pathname={pathname} title={title}>
      {children}
    </PageFrame>
  );
}
