import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { importStatusResponseSchema, isRecordingProcess } from '../../../shared/contracts/importexport';
import { isActiveRecordingStatus, type RecordingProcess, type RecordingStatus } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { recordingKeys } from './recording-keys';

/** GET {api}/importexport/getStatus (spec part 1 §7): the caller's RECORDING processes, polled every 5 s (§4, §9). */
export const recordingStatusQuery = () =>
  queryOptions({
    queryKey: recordingKeys.status(),
    queryFn: async ({ signal }): Promise<RecordingProcess[]> =>
      (await apiJson(endpoints.importExport.status, importStatusResponseSchema, { signal })).data.filter(isRecordingProcess),
    ...pollingOptions(POLL.recordingMs),
  });

/** The recording still holding its device (INPROGRESS or IDLE), newest first: the one the modal shows. */
export function activeRecordingOf(processes: readonly RecordingProcess[]): RecordingProcess | undefined {
  return [...processes].filter((process) => isActiveRecordingStatus(process.status)).sort((a, b) => b.createdDate.localeCompare(a.createdDate))[0];
}

/** The list as a start, stop or continue answer left it, until the next poll confirms. */
export function withRecordingStatus(processes: readonly RecordingProcess[], recordingId: string, status: RecordingStatus): RecordingProcess[] {
  return processes.map((process) => (process.recordingId === recordingId ? { ...process, status } : process));
}

/** Spec part 1 §4 Import: PROCESSING recordings show as pending, COMPLETED ones with a statusId as completed. */
export function recordingRowsOf(processes: readonly RecordingProcess[]): { pending: RecordingProcess[]; completed: RecordingProcess[] } {
  return {
    pending: processes.filter((process) => process.status === 'PROCESSING'),
    completed: processes.filter((process) => process.status === 'COMPLETED' && process.statusId !== null),
  };
}
