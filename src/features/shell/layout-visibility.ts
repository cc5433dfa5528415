/** Which parts of the shell a path shows (spec part 1 §2 App shell, part 3 §2). */
export interface LayoutVisibility {
  menu: boolean;
  header: boolean;
  sidebar: boolean;
}

const AUTH_PAGES: readonly string[] = ['login', 'logout', 'logged-out'];

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The sign-in pages: login, logout and logged-out. */
export function isAuthPage(pathname: string): boolean {
  return AUTH_PAGES.includes(segmentsOf(pathname)[0] ?? '');
}

export function isLeadershipDashboard(pathname: string): boolean {
  const [first, second] = segmentsOf(pathname);
  return first === 'dashboard' && second === 'leadership';
}

/** `pathname` is relative to the app base (/studio is already stripped). */
export function layoutVisibility(pathname: string): LayoutVisibility {
  const segments = segmentsOf(pathname);
  const first = segments[0] ?? '';
  const leadership = isLeadershipDashboard(pathname);
  const authPage = isAuthPage(pathname);
  const dashboardsSubRoute = first === 'dashboards' && segments.length > 1;
  return {
    menu: !(authPage || dashboardsSubRoute || leadership),
    // The sign-in screens belong to nobody yet: no user name or settings to show.
    header: !(authPage || leadership),
    sidebar: !(authPage || leadership || first === 'parser-config-builder'),
  };
}
