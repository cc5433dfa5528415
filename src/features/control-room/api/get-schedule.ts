import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { scheduleResponseSchema, type Schedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET {controlroom}/schedule/getSchedule/{id}: the full, latest schedule (before an edit, a toggle or a copy). */
export async function getSchedule(id: string, signal?: AbortSignal): Promise<Schedule> {
  return (await apiJson(endpoints.schedules.byId(id), scheduleResponseSchema, { signal })).data;
}

/** The same call as a query, for the schedule's history (refreshed with the schedule list's period). */
export const scheduleQuery = (id: string) =>
  queryOptions({
    queryKey: controlRoomKeys.schedule(id),
    queryFn: ({ signal }) => getSchedule(id, signal),
  });
