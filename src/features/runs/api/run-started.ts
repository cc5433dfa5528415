import type { QueryClient } from '@tanstack/react-query';
import { watchedRuns } from '../watched-runs';
import { runsKeys } from './runs-keys';

/**
 * A run this tab just triggered: it is watched for its end (RunEndNotifier), and the status is read again at once so
 * that the sidebar opens and Currently Running shows the run now, not at the next 5 s poll.
 */
export function runStarted(queryClient: QueryClient, statusId: string): Promise<void> {
  watchedRuns.add(statusId);
  return queryClient.refetchQueries({ queryKey: runsKeys.runningTabData() });
}
