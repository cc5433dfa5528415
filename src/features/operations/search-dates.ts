import { DateTime } from 'luxon';
import { FLAKY_WINDOW_DAYS } from '../../shared/contracts/flakiness';

/**
 * The search dates of part 2 §4: ISO instants in the user's zone, picked as days. A start day starts at 00:00, an end day
 * ends at 23:59 (to the last millisecond, so runs completing in that minute count). The pickers offer no day after today,
 * no end day before the start day, and a start moved past the end pulls the end to the start's day.
 */
export interface DateRange {
  start: string | null;
  end: string | null;
}

const endOfDay = (dateTime: DateTime) => dateTime.set({ hour: 23, minute: 59, second: 59, millisecond: 999 });
const iso = (dateTime: DateTime) => dateTime.toISO() ?? '';
const read = (value: string | null) => (value ? DateTime.fromISO(value) : null);

/** The day of an instant as the pickers take it ('yyyy-MM-dd', local), or null. */
export function dayOf(value: string | null): string | null {
  return read(value)?.toISODate() ?? null;
}

/** The latest day a picker offers: today (max is now). */
export const maxDay = (now: DateTime = DateTime.now()): string => now.toISODate() ?? '';

/** The Operations search's defaults: start one day back from now, end today at 23:59. */
export function defaultExecutionRange(now: DateTime = DateTime.now()): DateRange {
  return { start: iso(now.minus({ days: 1 })), end: iso(endOfDay(now)) };
}

/** The Flaky flows view's default (issue 29): the last 14 days, today included, from 00:00 to 23:59. */
export function defaultFlakyFlowsRange(now: DateTime = DateTime.now()): DateRange {
  return { start: iso(now.minus({ days: FLAKY_WINDOW_DAYS - 1 }).startOf('day')), end: iso(endOfDay(now)) };
}

/** A day clamped to [min, max] (both 'yyyy-MM-dd', compared as text). */
function clampDay(day: string, min: string | null, max: string): string {
  if (min && day < min) return min;
  return day > max ? max : day;
}

/** A start day picked: 00:00 of it (no later than today); an end now before it becomes the start's day at 23:59. */
export function withStartDay(range: DateRange, day: string | null, now: DateTime = DateTime.now()): DateRange {
  if (!day) return { ...range, start: null };
  const start = DateTime.fromISO(clampDay(day, null, maxDay(now))).startOf('day');
  const end = read(range.end);
  return { start: iso(start), end: end && end < start ? iso(endOfDay(start)) : range.end };
}

/** An end day picked: 23:59 of it, no earlier than the start's day and no later than today. */
export function withEndDay(range: DateRange, day: string | null, now: DateTime = DateTime.now()): DateRange {
  if (!day) return { ...range, end: null };
  return { ...range, end: iso(endOfDay(DateTime.fromISO(clampDay(day, dayOf(range.start), maxDay(now))))) };
}
