import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { REPORT_LINK_PARAM } from '../shared/report-link';
import { optionalString } from './-search';

/**
 * A notification mail's report link names a run in `?report=` (shared/report-link.ts): its collection report opens over
 * whatever page the link lands on, once per link, after sign-in when the link went through it.
 */
export function useLinkedReport(enabled: boolean, open: (statusId: string) => void): void {
  const linked = useRouterState({ select: (state) => optionalString((state.location.search as Record<string, unknown>)[REPORT_LINK_PARAM]) });
  useEffect(() => {
    if (enabled && linked !== undefined) open(linked);
  }, [enabled, linked, open]);
}
