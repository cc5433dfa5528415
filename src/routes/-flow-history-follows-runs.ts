import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reportKeys } from '../features/reports/api/report-keys';
import { runningTabDataQuery } from '../features/runs/api/running-tab-data';

/**
 * A run that ends adds a mark to its collection's strips: while a flow history is on screen, the histories are read
 * again whenever the newest finished run changes. The status sidebar's poll (shared, so no request of its own) says so.
 */
export function useFlowHistoryFollowsRuns(): void {
  const queryClient = useQueryClient();
  const { data: newestEnded } = useQuery({ ...runningTabDataQuery(), select: (data) => data.lastExecutedTestStates[0]?.testStatusId ?? null });
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (newestEnded === undefined) return;
    if (seen.current !== undefined && seen.current !== newestEnded) void queryClient.invalidateQueries({ queryKey: reportKeys.flowHistories() });
    seen.current = newestEnded;
  }, [newestEnded, queryClient]);
}
