import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  organizationListResponseSchema,
  organizationResponseSchema,
  organizationSavedResponseSchema,
  type CreateOrganization,
  type OrganizationDetails,
  type OrganizationTile,
  type UpdateOrganization,
} from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { organizationsKeys } from './organizations-keys';

/** GET /organizations (spec part 3 §7): the tiles the caller may see (a non-platform administrator sees its own). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: organizationsKeys.list(),
    queryFn: async ({ signal }): Promise<OrganizationTile[]> =>
      (await apiJson(endpoints.organizations.list, organizationListResponseSchema, { signal })).data,
    // Fetched again on every mount: a list restored from the persisted cache may predate the organization just
    // created, and the user picker then showed its placeholder for the ?orgId= it was opened with.
    staleTime: 0,
  });

/** GET /organizations/{id}: a failure (404 included) is not retried, the page says it could not find the organization. */
export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: organizationsKeys.details(id),
    queryFn: async ({ signal }): Promise<OrganizationDetails> =>
      (await apiJson(endpoints.organizations.byId(id), organizationResponseSchema, { signal })).data,
    retry: false,
  });

/** POST /organizations with licenseId and name. */
export async function createOrganization(input: CreateOrganization): Promise<OrganizationDetails> {
  return (await apiJson(endpoints.organizations.create, organizationSavedResponseSchema, { method: 'POST', json: input })).data;
}

/** PUT /organizations/{id}: the details page's name. */
export async function updateOrganization(id: string, input: UpdateOrganization): Promise<OrganizationDetails> {
  return (await apiJson(endpoints.organizations.byId(id), organizationSavedResponseSchema, { method: 'PUT', json: input })).data;
}
