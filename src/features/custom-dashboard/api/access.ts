import type { z } from 'zod';
import { currentTimeFrame, isTimeFrameValid } from '../../../lib/time-frame';
import type { frameQuerySchema } from '../../../shared/contracts/custom-dashboard';
import type { TimeFrame } from '../../../shared/contracts/dashboards';

/**
 * Who reads a dashboard: the signed-in user (the session's calls), or a wall display holding a display token (the
 * shared calls, issue 17), which needs no session and may not edit.
 */
export type DashboardAccess = { kind: 'session' } | { kind: 'display'; token: string };

export const SESSION_ACCESS: DashboardAccess = { kind: 'session' };

/** Inclusive UTC days, YYYY-MM-DD (§4). */
export type DashboardFrame = z.infer<typeof frameQuerySchema>;

export const canEdit = (access: DashboardAccess): boolean => access.kind === 'session';

/** The days a time frame covers as the calls take them, or null while it lacks a date (§5). A preset follows today. */
export function dashboardFrameOf(frame: TimeFrame, now: number = Date.now()): DashboardFrame | null {
  const current = currentTimeFrame(frame, now);
  return isTimeFrameValid(current) ? { startDate: current.fromDate, endDate: current.toDate } : null;
}
