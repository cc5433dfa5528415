import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { POLL } from '../../../shared/constants';
import { devicesResponseSchema, type DevicesResponse } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';
import { resourcesKeys } from './resources-keys';

export type DeviceLists = DevicesResponse['data'];

/** GET {automation}/stats/getdevices, polled so that statuses stay fresh (spec part 1 §4). */
export const devicesQuery = () =>
  queryOptions({
    queryKey: resourcesKeys.devices(),
    queryFn: async ({ signal }): Promise<DeviceLists> => (await apiJson(endpoints.devices.list, devicesResponseSchema, { signal })).data,
    refetchInterval: POLL.deviceStatusMs,
  });
