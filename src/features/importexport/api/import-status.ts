import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { POLL } from '../../../shared/constants';
import { importStatusResponseSchema, isImportProcess, type ImportProcess } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { pollingOptions } from '../../../offline/polling';
import { importExportKeys } from './importexport-keys';

/** GET {api}/importexport/getStatus (spec part 1 §7): the caller's IMPORT processes (the recording feature reads the RECORDING ones), polled every 5 s (§9). */
export const importStatusQuery = () =>
  queryOptions({
    queryKey: importExportKeys.status(),
    queryFn: async ({ signal }): Promise<ImportProcess[]> => (await apiJson(endpoints.importExport.status, importStatusResponseSchema, { signal })).data.filter(isImportProcess),
    ...pollingOptions(POLL.pendingImportsMs),
  });
