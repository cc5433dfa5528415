import { queryOptions } from '@tanstack/react-query';
import { fetchAllDevices } from '../../../lib/lookups';
import { operationsKeys } from './operations-keys';

/** GET {automation}/stats/getdevices, read once: the Resource choices and the names of queued runs' resources. */
export const resourcesQuery = () => queryOptions({ queryKey: operationsKeys.resources(), queryFn: ({ signal }) => fetchAllDevices(signal) });
