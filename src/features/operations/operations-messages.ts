import { OPERATIONS_MESSAGES } from '../../shared/contracts/operations';
import { RUN_MESSAGES } from '../../shared/contracts/runs';

/** Texts of part 2 §8 for the Operations Centre (those the server shares come from the contracts), and the client's own. */
export const OPERATIONS_TEXTS = {
  ...OPERATIONS_MESSAGES,
  queuedCancelled: RUN_MESSAGES.queuedCancelled,
  allQueuedCancelled: RUN_MESSAGES.allQueuedCancelled,
  /** Not in the spec: the history search failing with no message of the server's. */
  searchFailed: 'Unable to load Collection execution data, please try again',
  /** Not in the spec: the run queue that never loaded (a failed refresh keeps the last list). */
  queueLoadFailed: 'Unable to load queued collection data, please try again.',
  /** Not in the spec: the Flaky flows view (issue 29) failing with no message of the server's. */
  flakyFlowsFailed: 'Unable to load the flaky flows, please try again.',
  exportCapped: (cap: number, total: number) => `Only the first ${cap.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows are exported.`,
  exportFailed: (message: string) => `Export failed: ${message}`,
} as const;
