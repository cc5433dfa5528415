import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { importStatusResponseSchema, type ImportProcess } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { pollingOptions } from '../../../offline/polling';
import { importExportKeys } from './importexport-keys';

/** Running collections and pending import poll (spec part 1 §9). */
export const IMPORT_STATUS_POLL_MS = 5_000;

/** GET {api}/importexport/getStatus (spec part 1 §7): the caller's IMPORT processes, polled every 5 s. */
export const importStatusQuery = () =>
  queryOptions({
    queryKey: importExportKeys.status(),
    queryFn: async ({ signal }): Promise<ImportProcess[]> => (await apiJson(endpoints.importExport.status, importStatusResponseSchema, { signal })).data,
    ...pollingOptions(IMPORT_STATUS_POLL_MS),
  });
