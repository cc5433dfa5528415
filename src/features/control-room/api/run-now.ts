import { apiJson } from '../../../lib/api-client';
import { runNowResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';

/** PUT {controlroom}/schedule/runNow with the id: fires the schedule once, now. */
export function runNow(id: string) {
  return apiJson(endpoints.schedules.runNow, runNowResponseSchema, { method: 'PUT', json: { id } });
}
