import { STATUS_PROCESSES_KEY } from '../../../lib/status-processes';

/** Query keys of the recording area. */
export const recordingKeys = {
  all: ['recording'] as const,
  /** getStatus, shared with the import/export area (src/lib/status-processes.ts). */
  status: () => STATUS_PROCESSES_KEY,
  /** The desktop resources a recording may use. */
  devices: () => [...recordingKeys.all, 'devices'] as const,
};
