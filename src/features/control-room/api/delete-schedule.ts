import { apiJson } from '../../../lib/api-client';
import { scheduleMessageResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';

/** PUT {controlroom}/schedule/deleteSchedule with the id. */
export function deleteSchedule(id: string) {
  return apiJson(endpoints.schedules.remove, scheduleMessageResponseSchema, { method: 'PUT', json: { id } });
}
