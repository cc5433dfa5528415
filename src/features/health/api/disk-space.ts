import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { diskSpaceResponseSchema, type DiskFolder } from '../../../shared/contracts/disk';
import { endpoints } from '../../../shared/endpoints';
import { healthKeys } from './health-keys';

/** GET /api/health/disk, polled with the service status (issue 30): the free space of DATA_DIR and ARTIFACTS_DIR. */
export const diskSpaceQuery = () =>
  queryOptions({
    queryKey: healthKeys.disk(),
    queryFn: async ({ signal }): Promise<DiskFolder[]> => (await apiJson(endpoints.health.disk, diskSpaceResponseSchema, { signal })).data,
    ...pollingOptions(POLL.healthMs),
  });
