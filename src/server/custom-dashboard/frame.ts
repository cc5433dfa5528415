import type { z } from 'zod';
import {
  executionResultsQuerySchema,
  MAX_FRAME_DAYS,
  OVERALL_PROJECT_NAME,
  projectFrameQuerySchema,
  sharedExecutionResultsQuerySchema,
  sharedTestPlanQuerySchema,
} from '../../shared/contracts/custom-dashboard';
import { DAY_MS } from '../../shared/durations';

/**
 * Time frames of the custom dashboard calls (spec part 3 §4): inclusive UTC days, startDate to endDate. The contract
 * checks the YYYY-MM-DD form; this adds what a form cannot say: a real calendar day, an end not before the start, and
 * at most MAX_FRAME_DAYS days, each a field error of the 400 answer.
 */

export const FRAME_MESSAGES = {
  notADay: 'Not a calendar day.',
  endBeforeStart: 'The end date is before the start date.',
  tooLong: `The time frame may span at most ${MAX_FRAME_DAYS} days: choose a shorter one.`,
} as const;

const midnightOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
/** Date.parse rolls 2026-02-31 over into March; a real day reads back as itself. */
const isCalendarDay = (day: string): boolean => {
  const ms = midnightOf(day);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
};

interface FrameFields {
  startDate: string;
  endDate: string;
}

function checkFrame(frame: FrameFields, ctx: z.core.$RefinementCtx<FrameFields>): void {
  const startOk = isCalendarDay(frame.startDate);
  const endOk = isCalendarDay(frame.endDate);
  if (!startOk) ctx.addIssue({ code: 'custom', message: FRAME_MESSAGES.notADay, path: ['startDate'] });
  if (!endOk) ctx.addIssue({ code: 'custom', message: FRAME_MESSAGES.notADay, path: ['endDate'] });
  if (!startOk || !endOk) return;
  const days = (midnightOf(frame.endDate) - midnightOf(frame.startDate)) / DAY_MS + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', message: FRAME_MESSAGES.endBeforeStart, path: ['endDate'] });
  else if (days > MAX_FRAME_DAYS) ctx.addIssue({ code: 'custom', message: FRAME_MESSAGES.tooLong, path: ['endDate'] });
}

/** The route query schemas: the contract's, with the frame rules. */
export const executionResultsQuery = executionResultsQuerySchema.superRefine(checkFrame);
export const projectFrameQuery = projectFrameQuerySchema.superRefine(checkFrame);
export const sharedExecutionResultsQuery = sharedExecutionResultsQuerySchema.superRefine(checkFrame);
export const sharedTestPlanQuery = sharedTestPlanQuerySchema.superRefine(checkFrame);

/** A checked frame as the queries use it. */
export interface Frame {
  /** ISO instants: runs started at or after `from` and before `until` are in the frame. */
  from: string;
  until: string;
  /** Epoch ms of `until`. */
  untilMs: number;
  /** Every UTC day of the frame, YYYY-MM-DD, in order. */
  days: string[];
  startDate: string;
  endDate: string;
}

export function frameOf({ startDate, endDate }: FrameFields): Frame {
  const start = midnightOf(startDate);
  const untilMs = midnightOf(endDate) + DAY_MS;
  const days = Array.from({ length: Math.max(0, (untilMs - start) / DAY_MS) }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
  return { from: new Date(start).toISOString(), until: new Date(untilMs).toISOString(), untilMs, days, startDate, endDate };
}

/** Absent, empty or 'Overall' (any case) names the whole organization: undefined. */
export function projectIdOrOverall(projectId: string | undefined): string | undefined {
  const id = projectId?.trim() ?? '';
  return id === '' || id.toLowerCase() === OVERALL_PROJECT_NAME.toLowerCase() ? undefined : id;
}
