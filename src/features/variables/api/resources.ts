import { queryOptions } from '@tanstack/react-query';
import { fetchAllDevices } from '../../../lib/lookups';
import type { Device } from '../../../shared/contracts/devices';
import { variablesKeys } from './variables-keys';

/** GET {automation}/stats/getdevices: the resources a Resource variable chooses from, and their display names. */
export const variableResourcesQuery = () =>
  queryOptions({
    queryKey: [...variablesKeys.all, 'resources'] as const,
    queryFn: ({ signal }): Promise<Device[]> => fetchAllDevices(signal),
  });
