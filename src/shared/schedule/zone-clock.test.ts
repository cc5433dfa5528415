import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone, zoneClock } from './zone-clock';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Each zone with the 2026 days on which it changes its offset (a 1 h shift, a 30 min shift, a midnight gap, a 2011 skipped day). */
const CHANGES: Array<[zone: string, days: string[]]> = [
  ['Europe/Berlin', ['2026-03-29', '2026-10-25']],
  ['America/New_York', ['2026-03-08', '2026-11-01']],
  ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']],
  ['America/Havana', ['2026-03-08', '2026-11-01']],
  ['Pacific/Apia', ['2011-12-29', '2011-12-31']],
];

describe('zoneClock', () => {
  it('gives the offsets luxon gives, quarter hour by quarter hour, across offset changes', () => {
    for (const [zone, days] of CHANGES) {
      const clock = zoneClock(zone);
      for (const day of days) {
        const from = Date.parse(`${day}T00:00:00Z`) - DAY;
        const mismatches: string[] = [];
        for (let instant = from; instant < from + 3 * DAY; instant += 15 * MINUTE) {
          const expected = DateTime.fromMillis(instant, { zone }).offset * MINUTE;
          if (clock.offsetAt(instant) !== expected) mismatches.push(new Date(instant).toISOString());
        }
        expect(mismatches, zone).toEqual([]);
      }
    }
  });

  it('converts readings that exist back to their instant, and the same reading twice to its first occurrence', () => {
    const berlin = zoneClock('Europe/Berlin');
    const summerFirst = Date.parse('2026-10-25T00:30:00Z');
    expect(berlin.toWall(summerFirst)).toBe(Date.parse('2026-10-25T02:30:00Z'));
    expect(berlin.toWall(summerFirst + 60 * MINUTE)).toBe(Date.parse('2026-10-25T02:30:00Z'));
    expect(berlin.toInstant(Date.parse('2026-10-25T02:30:00Z'))).toBe(summerFirst);
    expect(berlin.toInstant(Date.parse('2026-03-29T02:30:00Z'))).toBe(Date.parse('2026-03-29T01:30:00Z'));
    expect(berlin.toInstant(Date.parse('2026-07-01T12:00:00Z'))).toBe(Date.parse('2026-07-01T10:00:00Z'));
  });

  it('rejects an unknown zone', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => zoneClock('Mars/Olympus')).toThrow(RangeError);
  });
});
