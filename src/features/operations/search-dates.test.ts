import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayOf, defaultExecutionRange, maxDay, withEndDay, withStartDay } from './search-dates';

const NOW = DateTime.fromISO('2026-03-10T14:03:20.000');
const at = (value: string | null) => (value ? DateTime.fromISO(value).toFormat('yyyy-MM-dd HH:mm:ss.SSS') : null);

describe('Operations search dates (part 2 §4, §9)', () => {
  it('starts one day back from now and ends today at 23:59; the latest day offered is today', () => {
    const range = defaultExecutionRange(NOW);
    expect(at(range.start)).toBe('2026-03-09 14:03:20.000');
    expect(at(range.end)).toBe('2026-03-10 23:59:59.999');
    expect(maxDay(NOW)).toBe('2026-03-10');
    expect(dayOf(range.start)).toBe('2026-03-09');
  });

  it('a picked end day ends at 23:59, clamped between the start day and today', () => {
    const range = defaultExecutionRange(NOW);
    expect(at(withEndDay(range, '2026-03-09', NOW).end)).toBe('2026-03-09 23:59:59.999');
    expect(at(withEndDay(range, '2026-03-01', NOW).end)).toBe('2026-03-09 23:59:59.999');
    expect(at(withEndDay(range, '2026-04-01', NOW).end)).toBe('2026-03-10 23:59:59.999');
    expect(withEndDay(range, null, NOW).end).toBeNull();
  });

  it('a picked start day starts at 00:00, no later than today; an end now earlier becomes the start day', () => {
    const range = withEndDay(defaultExecutionRange(NOW), '2026-03-09', NOW);
    const moved = withStartDay(range, '2026-03-10', NOW);
    expect(at(moved.start)).toBe('2026-03-10 00:00:00.000');
    expect(at(moved.end)).toBe('2026-03-10 23:59:59.999');
    expect(at(withStartDay(range, '2026-03-20', NOW).start)).toBe('2026-03-10 00:00:00.000');
    // An end after the new start stays.
    expect(withStartDay(range, '2026-03-01', NOW).end).toBe(range.end);
  });
});
