import { apiJson } from '../../../lib/api-client';
import { scheduleMessageResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';

/** PUT {controlroom}/scheduleQueue/cancelQueuedSchedule?id={id}: cancels the queued runs of one firing. */
export function cancelQueuedSchedule(id: string) {
  return apiJson(`${endpoints.schedules.cancelQueued}?${new URLSearchParams({ id })}`, scheduleMessageResponseSchema, { method: 'PUT' });
}
