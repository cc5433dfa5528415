/** The ?orgId= a platform administrator's group pages carry along; empty for the caller's own organization. */
export function groupsSearch(orgId: string | undefined): string {
  return orgId ? `?${new URLSearchParams({ orgId })}` : '';
}

