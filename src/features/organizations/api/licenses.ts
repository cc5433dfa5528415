import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { licenseListResponseSchema, licenseResponseSchema, type License, type LicenseInput } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { organizationsKeys } from './organizations-keys';

/** GET {api}/licenses: the client reads data.results (spec part 3 §7). */
export const licensesQuery = () =>
  queryOptions({
    queryKey: organizationsKeys.licenses(),
    queryFn: async ({ signal }): Promise<License[]> => (await apiJson(endpoints.licenses.list, licenseListResponseSchema, { signal })).data.results,
  });

/** POST {api}/licenses (a platform administrator's). */
export async function createLicense(input: LicenseInput): Promise<License> {
  return (await apiJson(endpoints.licenses.create, licenseResponseSchema, { method: 'POST', json: input })).data;
}

/** PUT {api}/licenses/{id} (a platform administrator's). */
export async function updateLicense(id: string, input: LicenseInput): Promise<License> {
  return (await apiJson(endpoints.licenses.byId(id), licenseResponseSchema, { method: 'PUT', json: input })).data;
}
