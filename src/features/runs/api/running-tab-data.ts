import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { POLL } from '../../../shared/constants';
import { runningTabDataResponseSchema, type LastExecuted, type RunningCollection } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { runsKeys } from './runs-keys';

export interface RunningTabData {
  runningTestStatus: RunningCollection[];
  lastExecutedTestStates: LastExecuted[];
}

/**
 * GET /stats/getRunningTabData, polled every 5 s (spec part 1 §7). A failed poll is not retried nor shown: the panels
 * keep the last answer and the next poll tries again.
 */
export const runningTabDataQuery = () =>
  queryOptions({
    queryKey: runsKeys.runningTabData(),
    queryFn: async ({ signal }): Promise<RunningTabData> => (await apiJson(endpoints.runs.runningTabData, runningTabDataResponseSchema, { signal })).data,
    refetchInterval: POLL.runningCollectionsMs,
    refetchIntervalInBackground: true,
    retry: false,
  });
