import { STATUS_PROCESSES_KEY } from '../../../lib/status-processes';

/** Query keys of the import/export area. */
export const importExportKeys = {
  all: ['importexport'] as const,
  /** getStatus, shared with the recording area (src/lib/status-processes.ts). */
  status: () => STATUS_PROCESSES_KEY,
};
