import { apiJson } from '../../../lib/api-client';
import { messageResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';

/** POST /remote/cancelRunningTest?statusId: stops a running (or queued) collection. */
export async function cancelRunning(statusId: string): Promise<void> {
  await apiJson(`${endpoints.runs.cancelRunning}?${new URLSearchParams({ statusId })}`, messageResponseSchema, { method: 'POST' });
}
