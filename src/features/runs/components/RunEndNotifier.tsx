import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LastExecuted } from '../../../shared/contracts/runs';
import { toast, type ToastTone } from '../../../ui/toast-queue';
import { runningTabDataQuery } from '../api/running-tab-data';
import { watchedRuns } from '../watched-runs';

export const OPEN_REPORT_LABEL = 'Open report';

/** 'Demo_Sign_In: PASSED': the run's own state word, so the toast reads as the sidebar and the report do. */
export const runEndMessage = (run: Pick<LastExecuted, 'testSuiteName' | 'testStatus'>): string => `${run.testSuiteName}: ${run.testStatus}`;

const toneOf = (state: LastExecuted['testStatus']): ToastTone => (state === 'PASSED' ? 'success' : state === 'FAILED' ? 'error' : 'info');

export interface RunEndNotifierProps {
  onOpenReport: (statusId: string) => void;
}

/**
 * Tells the end of each run this tab triggered: a toast with its result and an 'Open report' action. The toast region is
 * a react-aria landmark whose toasts are announced to screen readers as they appear.
 */
export function RunEndNotifier({ onOpenReport }: RunEndNotifierProps) {
  const { data } = useQuery(runningTabDataQuery());
  useEffect(() => {
    for (const run of data?.lastExecutedTestStates ?? []) {
      if (!watchedRuns.take(run.testStatusId)) continue;
      toast[toneOf(run.testStatus)](runEndMessage(run), { action: { label: OPEN_REPORT_LABEL, onAction: () => onOpenReport(run.testStatusId) } });
    }
  }, [data, onOpenReport]);
  return null;
}
