import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE_MAX, auditListResponseSchema, type AuditEntry, type AuditListResponse } from '../../../shared/contracts/audit';
import { endpoints } from '../../../shared/endpoints';
import { organizationsKeys } from './organizations-keys';

/** The Audit Trail screen's filters as the API reads them (empty: not filtered). */
export interface AuditFilters {
  from?: string;
  to?: string;
  userId?: string;
  entityType?: string;
  action?: string;
}

function auditPath(filters: AuditFilters, page: number, pageSize: number): string {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  return `${endpoints.audit.list}?${search.toString()}`;
}

/** GET /api/audit: one page; the previous page stays on screen while the next loads. */
export const auditQuery = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: organizationsKeys.audit(filters, page, pageSize),
    queryFn: async ({ signal }): Promise<AuditListResponse['data']> => (await apiJson(auditPath(filters, page, pageSize), auditListResponseSchema, { signal })).data,
    placeholderData: keepPreviousData,
  });

/** Every entry that matches, for the CSV export: pages of the largest size, at most AUDIT_EXPORT_LIMIT rows. */
export async function fetchAllAuditEntries(filters: AuditFilters): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let page = 1; entries.length < AUDIT_EXPORT_LIMIT; page += 1) {
    const { data } = await apiJson(auditPath(filters, page, AUDIT_PAGE_SIZE_MAX), auditListResponseSchema);
    entries.push(...data.entries);
    if (data.entries.length < AUDIT_PAGE_SIZE_MAX) break;
  }
  return entries.slice(0, AUDIT_EXPORT_LIMIT);
}
