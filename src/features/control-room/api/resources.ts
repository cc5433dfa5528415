import { queryOptions } from '@tanstack/react-query';
import { fetchAllDevices } from '../../../lib/lookups';
import type { Device } from '../../../shared/contracts/devices';
import { controlRoomKeys } from './control-room-keys';

/** GET {automation}/stats/getdevices: every resource, the choices for newDevice of an override. */
export const resourcesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.resources(),
    queryFn: ({ signal }): Promise<Device[]> => fetchAllDevices(signal),
  });
