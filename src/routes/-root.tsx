import type { ComponentType } from 'react';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { AuthLayout } from '../features/shell/components/AuthLayout';
import { isAuthPage } from '../features/shell/layout-visibility';
import { loadToastRegion } from '../ui/toast-queue';

let SignedInShell: ComponentType | null = null;

/**
 * Loads the signed-in shell (layout, status sidebar, run and transfer panels) apart from the entry, so the sign-in
 * pages do not carry it. The root route's beforeLoad waits for it before any other page is shown, so no page renders
 * a fallback for it.
 */
export function loadSignedInShell(): Promise<void> {
  // The toast region comes along: a signed-in page's first toast (a save, the logout) must not wait for it to load.
  void loadToastRegion();
  return import('./-collection-status').then(({ RootWithCollectionStatus }) => {
    SignedInShell = RootWithCollectionStatus;
  });
}

/**
 * The root route's component: the sign-in pages in their own light frame, every other page in the signed-in shell. It
 * goes by the matches on screen, not the location, which moves to the next page before that page has loaded.
 */
export function Root() {
  const onAuthPage = useMatches({ select: (matches) => matches.some((match) => isAuthPage(match.routeId)) });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (onAuthPage) {
    return (
      <AuthLayout pathname={pathname}>
        <Outlet />
      </AuthLayout>
    );
  }
  if (!SignedInShell) throw new Error('The signed-in shell shows only after the root route has loaded it.');
  return <SignedInShell />;
}
