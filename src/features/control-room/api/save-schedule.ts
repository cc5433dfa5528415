import { apiJson } from '../../../lib/api-client';
import { scheduleResponseSchema, type SaveScheduleInput, type Schedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';

/** POST {controlroom}/schedule/saveSchedule: creates (no id) or updates a schedule. */
export async function saveSchedule(body: SaveScheduleInput): Promise<Schedule> {
  return (await apiJson(endpoints.schedules.save, scheduleResponseSchema, { method: 'POST', json: body })).data;
}
