/** The ?orgId= a platform administrator's group pages carry along; empty for the caller's own organization. */
export function groupsSearch(orgId: string | undefined): string {
  return orgId ? `?${new URLSearchParams({ orgId })}` : '';
}

/** validateSearch of the administration routes: ?orgId= kept when it is a non-empty string, dropped otherwise. */
export function orgIdSearch(search: Record<string, unknown>): { orgId?: string } {
  const { orgId } = search;
  const value = typeof orgId === 'string' ? orgId : typeof orgId === 'number' && Number.isFinite(orgId) ? String(orgId) : '';
  return value ? { orgId: value } : {};
}
