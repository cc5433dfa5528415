import { DateTime } from 'luxon';
import type { TimeFrame } from '../../../shared/contracts/dashboards';
import { DAY_MS } from '../../../shared/durations';

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
  /** Every bucket of the frame in time order ('YYYY-MM-DD' or 'YYYY-MM'), so days without runs show as 0. */
  keys: readonly string[];
  /** What each bucket is shown as: the day itself, or the month as 'MMM YYYY' (§9). */
  labels: readonly string[];
  /** The bucket of an epoch-millisecond time, or -1 outside the frame. */
  indexOf: (ms: number) => number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_KEY = /^(\d{4})-(\d{2})$/;
/** 'MMM' in en-US (§9), without asking Intl for a formatter. */
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The first millisecond of a 'YYYY-MM-DD' UTC day, by arithmetic; null for another shape or an impossible date. */
function isoDayStart(date: string): number | null {
  const match = ISO_DAY.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? ms : null;
}

/** A frame date as its UTC day's first millisecond: plain days by arithmetic, any other ISO form through luxon. */
function utcDayStart(date: string): number | null {
  const plain = isoDayStart(date);
  if (plain !== null) return plain;
  if (ISO_DAY.test(date)) return null;
  const day = DateTime.fromISO(date, { zone: 'utc' });
  return day.isValid ? day.startOf('day').toMillis() : null;
}

/**
 * The frame's UTC day bounds (§4). A frame without both dates (a report still being set up) spans the data's first to
 * last day instead; no dates and no data give null.
 */
export function frameBounds(frame: FrameDates | null, timesOf: () => readonly number[]): FrameBounds | null {
  const from = frame?.fromDate ? utcDayStart(frame.fromDate) : null;
  const to = frame?.toDate ? utcDayStart(frame.toDate) : null;
  if (from !== null && to !== null) return { fromMs: from, toMs: to + DAY_MS - 1 };
  // Only a frame missing a date reads the rows' times.
  const times = timesOf();
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
  const match = MONTH_KEY.exec(monthKey);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (match && name) return `${name} ${match[1]}`;
  return DateTime.fromFormat(monthKey, 'yyyy-MM', { zone: 'utc' }).setLocale('en-US').toFormat('MMM yyyy');
}

/**
 * The frame's buckets. A row finds its bucket by arithmetic on its UTC time rather than by formatting it: shaping a
 * year of runs is a loop over tens of thousands of rows.
 */
export function timeBuckets(bounds: FrameBounds, unit: BucketUnit = bucketUnitOf(bounds)): TimeBuckets {
  const first = new Date(bounds.fromMs);
  const last = new Date(bounds.toMs);
  if (unit === 'day') {
    const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate());
    const count = Math.floor((bounds.toMs - start) / DAY_MS) + 1;
    const keys = Array.from({ length: count }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10));
    const indexOf = (ms: number) => {
      const index = Math.floor((ms - start) / DAY_MS);
      return index >= 0 && index < count ? index : -1;
    };
    return { unit, keys, labels: keys, indexOf };
  }
  const firstYear = first.getUTCFullYear();
  const firstMonth = first.getUTCMonth();
  const count = (last.getUTCFullYear() - firstYear) * 12 + last.getUTCMonth() - firstMonth + 1;
  const starts = Array.from({ length: count + 1 }, (_, index) => Date.UTC(firstYear, firstMonth + index, 1));
  const keys = starts.slice(0, count).map((start) => new Date(start).toISOString().slice(0, 7));
  // A binary search over the month starts: no Date made per row.
  const indexOf = (ms: number) => {
    if (ms < bounds.fromMs || ms > bounds.toMs) return -1;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? Infinity) <= ms) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return { unit, keys, labels: keys.map(monthLabel), indexOf };
}
