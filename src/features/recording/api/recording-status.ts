import { queryOptions } from '@tanstack/react-query';
import { statusProcessesQuery } from '../../../lib/status-processes';
import { isRecordingProcess, type StatusProcess } from '../../../shared/contracts/importexport';
import { isActiveRecordingStatus, type RecordingProcess, type RecordingStatus } from '../../../shared/contracts/recordings';

/** The caller's RECORDING processes of the shared getStatus poll (spec part 1 §4, §9: every 5 s). */
export const recordingStatusQuery = () => queryOptions({ ...statusProcessesQuery(), select: (processes) => processes.filter(isRecordingProcess) });

/** The recording still holding its device (INPROGRESS or IDLE), newest first: the one the modal shows. */
export function activeRecordingOf(processes: readonly RecordingProcess[]): RecordingProcess | undefined {
  return [...processes].filter((process) => isActiveRecordingStatus(process.status)).sort((a, b) => b.createdDate.localeCompare(a.createdDate))[0];
}

/** The list as a start, stop or continue answer left it, until the next poll confirms. */
export function withRecordingStatus(processes: readonly StatusProcess[], recordingId: string, status: RecordingStatus): StatusProcess[] {
  return processes.map((process) => (isRecordingProcess(process) && process.recordingId === recordingId ? { ...process, status } : process));
}

/** Spec part 1 §4 Import: PROCESSING recordings show as pending, COMPLETED ones with a statusId as completed. */
export function recordingRowsOf(processes: readonly RecordingProcess[]): { pending: RecordingProcess[]; completed: RecordingProcess[] } {
  return {
    pending: processes.filter((process) => process.status === 'PROCESSING'),
    completed: processes.filter((process) => process.status === 'COMPLETED' && process.statusId !== null),
  };
}
