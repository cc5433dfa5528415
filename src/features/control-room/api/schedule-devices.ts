import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { scheduleDevicesResponseSchema, type ScheduleDevice } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET {controlroom}/schedule/getDevices/{id}: the resources the schedule's collections use (override choices). */
export const scheduleDevicesQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: controlRoomKeys.scheduleDevices(scheduleId),
    queryFn: async ({ signal }): Promise<ScheduleDevice[]> => (await apiJson(endpoints.schedules.devices(scheduleId), scheduleDevicesResponseSchema, { signal })).data,
  });
