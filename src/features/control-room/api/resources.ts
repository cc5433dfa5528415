import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { devicesResponseSchema, type Device } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET {automation}/stats/getdevices: every resource, the choices for newDevice of an override. */
export const resourcesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.resources(),
    queryFn: async ({ signal }): Promise<Device[]> => {
      const { data } = await apiJson(endpoints.devices.list, devicesResponseSchema, { signal });
      return [...data.mobileDevices, ...data.desktopDevices, ...data.browserDevices];
    },
  });
