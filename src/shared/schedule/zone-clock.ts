import { IANAZone } from 'luxon';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../durations';

export { DAY_MS, HOUR_MS, MINUTE_MS };
/** No zone has ever been further than this from UTC, so an instant lies within it of its wall-clock reading. */
export const MAX_UTC_OFFSET_MS = 16 * HOUR_MS;

/**
 * Offsets are looked up on a fixed grid of 7-day buckets, probed once at each boundary; a bucket whose two boundary
 * offsets differ has its one change located by bisection. This assumes a zone never changes its offset twice within
 * 7 days, which holds for every rule tzdata uses today (Morocco's Ramadan suspensions, the closest pair, are ~30 days apart).
 */
const BUCKET_MS = 7 * DAY_MS;
/** About 80 years of buckets per zone; past that the cache starts over rather than growing without bound. */
const MAX_CACHED_BUCKETS = 4096;
const SECOND_MS = 1000;

interface Bucket {
  offsetBefore: number;
  /** First instant with offsetAfter; Infinity when the offset does not change within the bucket. */
  changeAt: number;
  offsetAfter: number;
}

/**
 * Conversion between instants (epoch ms) and wall-clock readings of one IANA zone. A wall-clock reading is expressed as
 * the epoch ms that the same calendar date and time would have in UTC, so calendar arithmetic on it is plain addition.
 */
export interface ZoneClock {
  /** UTC offset in ms at an instant. */
  offsetAt(instant: number): number;
  toWall(instant: number): number;
  /**
   * The instant showing this wall-clock reading. A reading inside a spring-forward gap is shifted forward by the gap
   * (02:30 in a 02:00→03:00 gap gives 03:30, as luxon does); a reading that occurs twice at fall-back gives the first.
   */
  toInstant(wall: number): number;
  /** The one offset that converts every reading in [fromWall, toWall], or null when the offset changes near them. */
  steadyOffset(fromWall: number, toWall: number): number | null;
}

function createZoneClock(zone: IANAZone): ZoneClock {
  const buckets = new Map<number, Bucket>();
  const rawOffset = (instant: number) => Math.round(zone.offset(instant) * MINUTE_MS);

  const boundaryOffsets = new Map<number, number>();
  function offsetAtBoundary(index: number): number {
    let offset = boundaryOffsets.get(index);
    if (offset === undefined) {
      offset = rawOffset(index * BUCKET_MS);
      boundaryOffsets.set(index, offset);
    }
    return offset;
  }

  function bucketOf(index: number): Bucket {
    const cached = buckets.get(index);
    if (cached) return cached;
    const first = index * BUCKET_MS;
    // Neighbouring buckets share their boundary probe: one Intl lookup per bucket in the common case.
    const offsetBefore = offsetAtBoundary(index);
    const offsetAfter = offsetAtBoundary(index + 1);
    let changeAt = Infinity;
    if (offsetAfter !== offsetBefore) {
      // Offsets resolve to whole seconds: bisect on seconds for the first one with the new offset (a change exactly at
      // the next boundary leaves this bucket's instants all on the old offset).
      let low = first;
      let high = first + BUCKET_MS;
      while (high - low > SECOND_MS) {
        const middle = low + Math.floor((high - low) / 2 / SECOND_MS) * SECOND_MS;
        if (rawOffset(middle) === offsetBefore) low = middle;
        else high = middle;
      }
      changeAt = high;
    }
    if (buckets.size >= MAX_CACHED_BUCKETS) {
      buckets.clear();
      boundaryOffsets.clear();
    }
    const bucket = { offsetBefore, changeAt, offsetAfter };
    buckets.set(index, bucket);
    return bucket;
  }

  // The last two constant-offset stretches looked up: conversions probe both sides of a reading, and successive
  // readings are close together, so nearly every lookup hits one of them without touching the map.
  const recent = [
    { from: 0, to: 0, offset: 0 },
    { from: 0, to: 0, offset: 0 },
  ];
  let replaceNext = 0;

  function offsetAt(instant: number): number {
    for (const stretch of recent) if (instant >= stretch.from && instant < stretch.to) return stretch.offset;
    const index = Math.floor(instant / BUCKET_MS);
    const bucket = bucketOf(index);
    const before = instant < bucket.changeAt;
    const stretch = recent[replaceNext]!;
    replaceNext = 1 - replaceNext;
    stretch.from = before ? index * BUCKET_MS : bucket.changeAt;
    stretch.to = before ? Math.min(bucket.changeAt, (index + 1) * BUCKET_MS) : (index + 1) * BUCKET_MS;
    stretch.offset = before ? bucket.offsetBefore : bucket.offsetAfter;
    return stretch.offset;
  }

  function toInstant(wall: number): number {
    // The instant lies within MAX_UTC_OFFSET_MS of the reading, so the offsets on either side bound the candidates.
    const offsetBefore = offsetAt(wall - MAX_UTC_OFFSET_MS);
    const offsetAfter = offsetAt(wall + MAX_UTC_OFFSET_MS);
    const instantBefore = wall - offsetBefore;
    if (offsetBefore === offsetAfter) return instantBefore;
    const instantAfter = wall - offsetAfter;
    const validBefore = offsetAt(instantBefore) === offsetBefore;
    const validAfter = offsetAt(instantAfter) === offsetAfter;
    if (validBefore && validAfter) return Math.min(instantBefore, instantAfter);
    if (validAfter) return instantAfter;
    // In the gap (or valid only before the change): reading the old offset shifts the time forward by the gap.
    return instantBefore;
  }

  function steadyOffset(fromWall: number, toWall: number): number | null {
    // Spans under 7 days hold at most one change, so equal offsets beyond both ends mean none in between.
    const before = offsetAt(fromWall - MAX_UTC_OFFSET_MS);
    return before === offsetAt(toWall + MAX_UTC_OFFSET_MS) ? before : null;
  }

  return { offsetAt, toWall: (instant) => instant + offsetAt(instant), toInstant, steadyOffset };
}

const clocks = new Map<string, ZoneClock>();

export function isValidTimeZone(timeZone: string): boolean {
  return IANAZone.isValidZone(timeZone);
}

/** The shared clock of a zone (its offset cache survives between calls); throws RangeError for an unknown zone. */
export function zoneClock(timeZone: string): ZoneClock {
  const cached = clocks.get(timeZone);
  if (cached) return cached;
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const clock = createZoneClock(IANAZone.create(timeZone));
  clocks.set(timeZone, clock);
  return clock;
}

/** Days since 1970-01-01 of a wall-clock reading. */
export function dayOf(wall: number): number {
  return Math.floor(wall / DAY_MS);
}

/** Weekday of a day number, 0 Sunday to 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
