/**
 * Search params arrive as whatever the address bar holds; these keep the strings and drop the rest.
 * Plain functions rather than zod schemas keep the login route's bundle small.
 */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // The router parses numeric-looking params (?dashboardId=42) as numbers.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** validateSearch of the administration routes: ?orgId= kept when it is a non-empty string, dropped otherwise. */
export function orgIdSearch(search: Record<string, unknown>): { orgId?: string } {
  const orgId = optionalString(search['orgId']);
  return orgId ? { orgId } : {};
}
