import { DateTime } from 'luxon';
import type { TimeFrame } from '../../../shared/contracts/dashboards';

/**
 * Frames longer than this many days are bucketed by month ('YYYY-MM', shown 'MMM YYYY', §9); shorter ones by UTC day.
 * 92 days keeps Last 3 Months (at most 92 days) daily and makes Last 6 Months and longer custom frames monthly.
 */
export const MONTH_BUCKETS_AFTER_DAYS = 92;

export type BucketUnit = 'day' | 'month';

export type FrameDates = Pick<TimeFrame, 'fromDate' | 'toDate'>;

export interface FrameBounds {
  /** First millisecond of the first UTC day. */
  fromMs: number;
  /** Last millisecond of the last UTC day. */
  toMs: number;
}

export interface TimeBuckets {
  unit: BucketUnit;
  /** Every bucket of the frame in time order, so days without runs show as 0 rather than vanish. */
  keys: readonly string[];
  /** The bucket of an epoch-millisecond time. */
  keyOf: (ms: number) => string;
  labelOf: (key: string) => string;
}

const DAY_KEY_LENGTH = 'YYYY-MM-DD'.length;
const MONTH_KEY_LENGTH = 'YYYY-MM'.length;

function utcDay(date: string): DateTime | null {
  const day = DateTime.fromISO(date, { zone: 'utc' });
  return day.isValid ? day : null;
}

/**
 * The frame's UTC day bounds (§4). A frame without both dates (a report still being set up) spans the data's first to
 * last day instead; no dates and no data give null.
 */
export function frameBounds(frame: FrameDates | null, times: readonly number[]): FrameBounds | null {
  const from = frame?.fromDate ? utcDay(frame.fromDate) : null;
  const to = frame?.toDate ? utcDay(frame.toDate) : null;
  if (from && to) return { fromMs: from.startOf('day').toMillis(), toMs: to.endOf('day').toMillis() };
  if (times.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const time of times) {
    if (time < min) min = time;
    if (time > max) max = time;
  }
  return {
    fromMs: DateTime.fromMillis(min, { zone: 'utc' }).startOf('day').toMillis(),
    toMs: DateTime.fromMillis(max, { zone: 'utc' }).endOf('day').toMillis(),
  };
}

export function bucketUnitOf(bounds: FrameBounds): BucketUnit {
  const days = Math.round((bounds.toMs - bounds.fromMs) / 86_400_000);
  return days > MONTH_BUCKETS_AFTER_DAYS ? 'month' : 'day';
}

export function monthLabel(monthKey: string): string {
  return DateTime.fromFormat(monthKey, 'yyyy-MM', { zone: 'utc' }).setLocale('en-US').toFormat('MMM yyyy');
}

export function timeBuckets(bounds: FrameBounds, unit: BucketUnit = bucketUnitOf(bounds)): TimeBuckets {
  const keyLength = unit === 'day' ? DAY_KEY_LENGTH : MONTH_KEY_LENGTH;
  // The ISO string's prefix is the UTC day or month; far cheaper per row than a luxon format.
  const keyOf = (ms: number) => new Date(ms).toISOString().slice(0, keyLength);
  const keys: string[] = [];
  const last = DateTime.fromMillis(bounds.toMs, { zone: 'utc' });
  for (let at = DateTime.fromMillis(bounds.fromMs, { zone: 'utc' }).startOf(unit); at <= last; at = at.plus({ [unit]: 1 })) {
    keys.push(keyOf(at.toMillis()));
  }
  return { unit, keys, keyOf, labelOf: unit === 'day' ? (key) => key : monthLabel };
}
