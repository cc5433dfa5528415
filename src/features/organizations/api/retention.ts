import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { retentionResponseSchema, retentionSavedResponseSchema, type RetentionInput, type RetentionSettings } from '../../../shared/contracts/retention';
import { endpoints } from '../../../shared/endpoints';
import { organizationsKeys } from './organizations-keys';

/** GET /organizations/{id}/retention: the organization's setting, or the defaults it keeps. */
export const retentionQuery = (orgId: string) =>
  queryOptions({
    queryKey: organizationsKeys.retention(orgId),
    queryFn: async ({ signal }): Promise<RetentionSettings> => (await apiJson(endpoints.organizations.retention(orgId), retentionResponseSchema, { signal })).data,
  });

/** PUT /organizations/{id}/retention. */
export async function saveRetention(orgId: string, input: RetentionInput): Promise<RetentionSettings> {
  return (await apiJson(endpoints.organizations.retention(orgId), retentionSavedResponseSchema, { method: 'PUT', json: input })).data;
}
