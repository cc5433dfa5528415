import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { runStarted } from '../features/runs/api/run-started';
import { collectionSidebar } from '../features/shell/collection-sidebar-store';

/**
 * What a Run pressed on this page does once the server has queued the run (issue 19): the status sidebar opens and
 * stays open, Currently Running shows the run at once, and its end raises a toast with its report.
 */
export function useShowStartedRun(): (statusId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (statusId: string) => {
      collectionSidebar.open();
      void runStarted(queryClient, statusId);
    },
    [queryClient],
  );
}
