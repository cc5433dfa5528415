import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { shouldRetry } from '../../../lib/query-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { devicesResponseSchema, type DevicesResponse } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';
import { resourcesKeys } from './resources-keys';

export type DeviceLists = DevicesResponse['data'];

/** GET {automation}/stats/getdevices, polled every 5 s so that statuses stay fresh (spec part 1 §4, §9). */
export const devicesQuery = () =>
  queryOptions({
    queryKey: resourcesKeys.devices(),
    queryFn: async ({ signal }): Promise<DeviceLists> => (await apiJson(endpoints.devices.list, devicesResponseSchema, { signal })).data,
    ...pollingOptions(POLL.deviceStatusMs),
  });

/**
 * The same list read once, for screens that need only the resources' names (the Studio, the pending-import modal): no
 * status poll, so a failed read is retried as any one-off read is, instead of waiting for a backed-off poll.
 */
export const deviceNamesQuery = () => queryOptions({ ...devicesQuery(), refetchInterval: false, retry: shouldRetry });
