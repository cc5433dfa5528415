import type { Access } from '../http/endpoints';

/** Who quarantines and releases flows: the test-automation managers. */
export const QUARANTINE_MANAGEMENT: Access = 'RTA_MANAGEMENT';
/** Who sees which flows are in quarantine: whoever reads the collection or its runs, and the managers. */
export const QUARANTINE_READ_ACCESS = { anyOf: ['STUDIO', 'OPERATIONS_CENTER', 'RTA_MANAGEMENT'] } as const satisfies Access;
