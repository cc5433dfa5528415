import { queryOptions } from '@tanstack/react-query';
import { pollingOptions } from '../offline/polling';
import { POLL } from '../shared/constants';
import { importStatusResponseSchema, type StatusProcess } from '../shared/contracts/importexport';
import { endpoints } from '../shared/endpoints';
import { apiJson } from './api-client';

export const STATUS_PROCESSES_KEY = ['importexport', 'status'] as const;

/**
 * GET {api}/importexport/getStatus (spec part 1 §7): the caller's IMPORT and RECORDING processes, fetched once per
 * period for both the import/export and the recording features, each of which selects its own kind (§9: both 5 s).
 */
export const statusProcessesQuery = () =>
  queryOptions({
    queryKey: STATUS_PROCESSES_KEY,
    queryFn: async ({ signal }): Promise<StatusProcess[]> => (await apiJson(endpoints.importExport.status, importStatusResponseSchema, { signal })).data,
    ...pollingOptions(Math.min(POLL.pendingImportsMs, POLL.recordingMs)),
  });
