import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { scheduleDevicesResponseSchema, type ScheduleDevice } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/**
 * GET {controlroom}/schedule/getDevices/{id}: the resources a schedule's collections use, or (with a collection id) one
 * collection's (override choices).
 */
export const scheduleDevicesQuery = (scheduleOrCollectionId: string) =>
  queryOptions({
    queryKey: controlRoomKeys.scheduleDevices(scheduleOrCollectionId),
    queryFn: async ({ signal }): Promise<ScheduleDevice[]> =>
      (await apiJson(endpoints.schedules.devices(scheduleOrCollectionId), scheduleDevicesResponseSchema, { signal })).data,
  });
