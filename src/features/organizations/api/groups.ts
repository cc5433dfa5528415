import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiJson } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { groupListResponseSchema, groupResponseSchema, groupSavedResponseSchema, type Group, type GroupInput } from '../../../shared/contracts/groups';
import { MESSAGES } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { groupsKeys } from './groups-keys';

/** GET /api/groups?orgId=: the caller's organization's groups, or `orgId`'s for a platform administrator. */
export const groupsQuery = (orgId: string | null = null) =>
  queryOptions({
    queryKey: groupsKeys.list(orgId),
    queryFn: async ({ signal }): Promise<Group[]> => {
      const path = orgId ? `${endpoints.groups.list}?${new URLSearchParams({ orgId })}` : endpoints.groups.list;
      return (await apiJson(path, groupListResponseSchema, { signal })).data;
    },
  });

/** GET /api/groups/{id}: a 404 is not retried, the page says 'Group not found'. */
export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: groupsKeys.details(id),
    queryFn: async ({ signal }): Promise<Group> => (await apiJson(endpoints.groups.byId(id), groupResponseSchema, { signal })).data,
    retry: false,
  });

export async function createGroup(input: GroupInput): Promise<Group> {
  return (await apiJson(endpoints.groups.create, groupSavedResponseSchema, { method: 'POST', json: input })).data;
}

export async function updateGroup(id: string, input: GroupInput): Promise<Group> {
  return (await apiJson(endpoints.groups.byId(id), groupSavedResponseSchema, { method: 'PUT', json: input })).data;
}

/** DELETE /api/groups/{id}: only the status matters. */
export async function deleteGroup(id: string): Promise<void> {
  const response = await apiFetch(endpoints.groups.byId(id), { method: 'DELETE' });
  if (!response.ok) throw await apiErrorFromResponse(response, MESSAGES.somethingWentWrong);
}
