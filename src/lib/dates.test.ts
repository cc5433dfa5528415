import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, formatDuration, toDateTime } from './dates';

const instant = Date.UTC(2024, 2, 5, 21, 3, 1);

describe('formatDate', () => {
  it('formats picker dates as MMM-dd-yyyy', () => {
    expect(formatDate(instant, DATE_FORMATS.picker, 'UTC')).toBe('Mar-05-2024');
  });

  it('formats table cells in the medium format', () => {
    expect(formatDate(instant, DATE_FORMATS.medium, 'UTC')).toBe('Mar 5, 2024, 9:03:01 PM');
  });

  it('formats the other spec formats', () => {
    expect(formatDate(instant, DATE_FORMATS.report, 'UTC')).toBe('2024-03-05');
    expect(formatDate(instant, DATE_FORMATS.timeFrame, 'UTC')).toBe('2024/03/05');
    expect(formatDate(instant, DATE_FORMATS.month, 'UTC')).toBe('Mar 2024');
  });

  it('reads ISO strings, Dates and DateTimes alike', () => {
    const expected = 'Mar-05-2024';
    expect(formatDate('2024-03-05T21:03:01Z', DATE_FORMATS.picker, 'UTC')).toBe(expected);
    expect(formatDate(new Date(instant), DATE_FORMATS.picker, 'UTC')).toBe(expected);
    expect(formatDate(DateTime.fromMillis(instant), DATE_FORMATS.picker, 'UTC')).toBe(expected);
  });

  it('honours the zone', () => {
    expect(formatDate(instant, DATE_FORMATS.picker, 'Asia/Tokyo')).toBe('Mar-06-2024');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('gives an empty string for %j', (value) => {
    expect(formatDate(value)).toBe('');
    expect(toDateTime(value)).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0m 00s'],
    [999, '0m 01s'],
    [5_000, '0m 05s'],
    [65_000, '1m 05s'],
    [3_600_000, '60m 00s'],
    [75 * 60_000 + 3_000, '75m 03s'],
    [59_600, '1m 00s'],
  ])('%i ms -> %s', (milliseconds, expected) => {
    expect(formatDuration(milliseconds)).toBe(expected);
  });

  it.each([null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])('gives an empty string for %j', (value) => {
    expect(formatDuration(value)).toBe('');
  });
});
