import { DateTime } from 'luxon';
import {
  DASHBOARD_MESSAGES,
  DEFAULT_TIME_FRAME_TYPE,
  TIME_FRAME_NAMES,
  type TimeFrame,
  type TimeFrameType,
} from '../shared/contracts/dashboards';
import { DATE_FORMATS } from './dates';

/**
 * Time frames of part 3 §2 (Time frame selector), §4 and §5. Every day is a UTC day: a report reads the same rows
 * wherever its viewer sits. A preset runs from its first day to 'present', so its last day is today (UTC).
 */

/** How far back each preset starts from today. */
const PRESET_START: Readonly<Record<Exclude<TimeFrameType, 'custom'>, { days: number } | { months: number }>> = {
  previous_1_days: { days: 1 },
  previous_7_days: { days: 7 },
  previous_30_days: { days: 30 },
  previous_2_months: { months: 2 },
  previous_3_months: { months: 3 },
  previous_6_months: { months: 6 },
};

/** The word that stands for the end of a preset (§2: 'present' is the end). */
export const PRESENT = 'present';

const today = (now: number) => DateTime.fromMillis(now, { zone: 'utc' }).startOf('day');
const reportDate = (day: DateTime) => day.toFormat(DATE_FORMATS.report);

/** A preset's days as of `now`: from N days or months before today (luxon clamps 31 May - 3 months to 29 Feb) to today. */
export function presetDates(type: Exclude<TimeFrameType, 'custom'>, now: number = Date.now()): { fromDate: string; toDate: string } {
  const end = today(now);
  return { fromDate: reportDate(end.minus(PRESET_START[type])), toDate: reportDate(end) };
}

/** A new time frame of the given type; Custom starts with no dates, so the user must pick both (§5). */
export function makeTimeFrame(type: TimeFrameType, now: number = Date.now()): TimeFrame {
  if (type === 'custom') return { type, name: TIME_FRAME_NAMES.custom, fromDate: null, toDate: null };
  return { type, name: TIME_FRAME_NAMES[type], ...presetDates(type, now) };
}

/** §4 and §9: a new report reads Yesterday to present. */
export const defaultTimeFrame = (now: number = Date.now()): TimeFrame => makeTimeFrame(DEFAULT_TIME_FRAME_TYPE, now);

/** A preset's dates are worked out again from today whenever the report is shown; a custom frame keeps its dates. */
export function currentTimeFrame(frame: TimeFrame, now: number = Date.now()): TimeFrame {
  return frame.type === 'custom' ? frame : { ...frame, ...presetDates(frame.type, now) };
}

/** §5: a time frame is valid only with both dates, and (a rule the spec leaves open) the first not after the last. */
export function isTimeFrameValid(frame: TimeFrame): frame is TimeFrame & { fromDate: string; toDate: string } {
  return frame.fromDate !== null && frame.toDate !== null && frame.fromDate <= frame.toDate;
}

export const TIME_FRAME_MESSAGES = {
  fromRequired: 'From date is required',
  toRequired: 'To date is required',
  fromAfterTo: 'The from date must not be after the to date',
} as const;

/** Why a time frame cannot be used yet, or null when it can. */
export function timeFrameError(frame: TimeFrame): string | null {
  if (frame.fromDate === null) return TIME_FRAME_MESSAGES.fromRequired;
  if (frame.toDate === null) return TIME_FRAME_MESSAGES.toRequired;
  if (frame.fromDate > frame.toDate) return TIME_FRAME_MESSAGES.fromAfterTo;
  return null;
}

/** Epoch-millisecond UTC bounds of a frame: the first instant of its first day to the last instant of its last day. */
export interface TimeFrameRange {
  startDate: number;
  endDate: number;
}

const utcDay = (date: string) => DateTime.fromFormat(date, DATE_FORMATS.report, { zone: 'utc' });

/** The range the datasets read (§7: millisecond times), or null when the frame is not valid. */
export function timeFrameRange(frame: TimeFrame): TimeFrameRange | null {
  if (!isTimeFrameValid(frame)) return null;
  const from = utcDay(frame.fromDate);
  const to = utcDay(frame.toDate);
  if (!from.isValid || !to.isValid) return null;
  return { startDate: from.toMillis(), endDate: to.endOf('day').toMillis() };
}

/** A report date (YYYY-MM-DD) in the selector's format yyyy/MM/dd (§9). */
export function selectorDate(date: string): string {
  const day = utcDay(date);
  return day.isValid ? day.toFormat(DATE_FORMATS.timeFrame) : date;
}

/**
 * What the Yesterday preset covers, said beside its dates. §4 makes the default 'previous_1_days (Yesterday) to present'
 * (in UTC days): yesterday and today so far, so a wall display and a report made today show today's runs. Its dates
 * alone, 'yyyy/MM/dd - present', read as if 'Yesterday' ignored its own name.
 */
export const YESTERDAY_TO_PRESENT = 'Yesterday and today so far';

/**
 * The text that says what a frame covers: 'yyyy/MM/dd - yyyy/MM/dd' for a custom frame, 'yyyy/MM/dd - present' for a
 * preset (Yesterday's named for what it holds), and §2's 'From report start til report end' when a bound is missing.
 */
export function timeFrameText(frame: TimeFrame): string {
  if (frame.fromDate === null || frame.toDate === null) return DASHBOARD_MESSAGES.oneBound;
  if (frame.type === 'custom') return `${selectorDate(frame.fromDate)} - ${selectorDate(frame.toDate)}`;
  const dates = `${selectorDate(frame.fromDate)} - ${PRESENT}`;
  return frame.type === 'previous_1_days' ? `${YESTERDAY_TO_PRESENT}: ${dates}` : dates;
}
