import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { runningTabDataResponseSchema, type LastExecuted, type RunningCollection } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { runsKeys } from './runs-keys';

export interface RunningTabData {
  runningTestStatus: RunningCollection[];
  lastExecutedTestStates: LastExecuted[];
}

/**
 * GET /stats/getRunningTabData, polled every 5 s (spec part 1 §7). A failed poll is not shown (§8): the panels keep the
 * last answer, marked with its age, and the next poll (backed off) tries again.
 */
export const runningTabDataQuery = () =>
  queryOptions({
    queryKey: runsKeys.runningTabData(),
    queryFn: async ({ signal }): Promise<RunningTabData> => (await apiJson(endpoints.runs.runningTabData, runningTabDataResponseSchema, { signal })).data,
    ...pollingOptions(POLL.runningCollectionsMs),
  });
