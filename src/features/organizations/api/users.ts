import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiFetch, apiJson } from '../../../lib/api-client';
import { apiErrorFromResponse, readJsonBody } from '../../../lib/api-error';
import type { StoredUser } from '../../../shared/contracts/auth';
import {
  createUserFailedSchema,
  createUserResponseSchema,
  userAccountListResponseSchema,
  userAccountResponseSchema,
  type ChangePassword,
  type CreateUserRequest,
  type SetPermissions,
  type UserAccount,
} from '../../../shared/contracts/users';
import { MESSAGES } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { usersKeys } from './users-keys';

/** GET {users}/?orgId=: the accounts of the caller's organization, or of `orgId` for a platform administrator. */
export const usersQuery = (orgId: string | null = null) =>
  queryOptions({
    queryKey: usersKeys.list(orgId),
    queryFn: async ({ signal }): Promise<UserAccount[]> => {
      const path = orgId ? `${endpoints.users.list}?${new URLSearchParams({ orgId })}` : endpoints.users.list;
      return (await apiJson(path, userAccountListResponseSchema, { signal })).data;
    },
  });

/** A create the server refused with data.Failed (spec part 3 §7), e.g. the licence has no free seat. */
export class CreateUserRefused extends Error {
  override readonly name = 'CreateUserRefused';
}

/**
 * POST {users}/: the stored user when the answer's message is 'Success'; a refusal carrying data.Failed throws
 * CreateUserRefused with that text, whatever its status; any other failure throws the ApiError of the answer.
 */
export async function createUser(input: CreateUserRequest): Promise<StoredUser> {
  const response = await apiFetch(endpoints.users.list, { method: 'POST', json: input });
  const body = await readJsonBody(response.clone());
  const created = createUserResponseSchema.safeParse(body);
  if (response.ok && created.success) return created.data.data;
  const failed = createUserFailedSchema.safeParse(body);
  if (failed.success) throw new CreateUserRefused(failed.data.data.Failed);
  throw response.ok ? new ApiError(response.status, MESSAGES.somethingWentWrong) : await apiErrorFromResponse(response, MESSAGES.somethingWentWrong);
}

/** PUT {users}/{id}/permissions: replaces the user's features. */
export async function setUserPermissions(id: string, body: SetPermissions): Promise<UserAccount> {
  return (await apiJson(endpoints.users.permissions(id), userAccountResponseSchema, { method: 'PUT', json: body })).data;
}

/** PUT {users}/{id}/status: activates or deactivates the account. */
export async function setUserActive(id: string, active: boolean): Promise<UserAccount> {
  return (await apiJson(endpoints.users.status(id), userAccountResponseSchema, { method: 'PUT', json: { active } })).data;
}

const passwordChangedSchema = z.object({ success: z.literal(true) });

/** POST {users}/me/password: the signed-in user replaces their own password. */
export async function changePassword(body: ChangePassword): Promise<void> {
  await apiJson(endpoints.users.changePassword, passwordChangedSchema, { method: 'POST', json: body });
}
