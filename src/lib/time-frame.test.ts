import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, type TimeFrame } from '../shared/contracts/dashboards';
import {
  currentTimeFrame,
  defaultTimeFrame,
  isTimeFrameValid,
  makeTimeFrame,
  presetDates,
  selectorDate,
  timeFrameError,
  timeFrameRange,
  timeFrameText,
} from './time-frame';

const at = (iso: string) => Date.parse(iso);
const custom = (fromDate: string | null, toDate: string | null): TimeFrame => ({ type: 'custom', name: 'Custom', fromDate, toDate });

describe('time frame presets', () => {
  it('count days back from today in UTC, ending today', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(presetDates('previous_1_days', now)).toEqual({ fromDate: '2026-03-09', toDate: '2026-03-10' });
    expect(presetDates('previous_7_days', now)).toEqual({ fromDate: '2026-03-03', toDate: '2026-03-10' });
    expect(presetDates('previous_30_days', now)).toEqual({ fromDate: '2026-02-08', toDate: '2026-03-10' });
  });

  it('take the UTC day, not the local one, near midnight', () => {
    // 23:30 on 31 Dec in New York is already 1 Jan in UTC.
    expect(presetDates('previous_1_days', at('2026-01-01T04:30:00Z'))).toEqual({ fromDate: '2025-12-31', toDate: '2026-01-01' });
    expect(presetDates('previous_1_days', at('2025-12-31T23:59:59.999Z'))).toEqual({ fromDate: '2025-12-30', toDate: '2025-12-31' });
  });

  it('go back whole calendar months, clamped to the shorter month', () => {
    const now = at('2026-08-31T08:00:00Z');
    expect(presetDates('previous_2_months', now).fromDate).toBe('2026-06-30');
    expect(presetDates('previous_3_months', now).fromDate).toBe('2026-05-31');
    expect(presetDates('previous_6_months', now).fromDate).toBe('2026-02-28');
    expect(presetDates('previous_6_months', at('2026-01-15T00:00:00Z')).fromDate).toBe('2025-07-15');
  });

  it('land on leap days and skip them in common years', () => {
    expect(presetDates('previous_2_months', at('2024-04-30T10:00:00Z')).fromDate).toBe('2024-02-29');
    expect(presetDates('previous_6_months', at('2024-08-31T10:00:00Z')).fromDate).toBe('2024-02-29');
    expect(presetDates('previous_2_months', at('2025-04-30T10:00:00Z')).fromDate).toBe('2025-02-28');
    expect(presetDates('previous_1_days', at('2024-03-01T00:00:00Z')).fromDate).toBe('2024-02-29');
    expect(presetDates('previous_7_days', at('2025-03-01T00:00:00Z')).fromDate).toBe('2025-02-22');
  });

  it('default to Yesterday to present', () => {
    expect(defaultTimeFrame(at('2026-03-10T12:00:00Z'))).toEqual({ type: 'previous_1_days', name: 'Yesterday', fromDate: '2026-03-09', toDate: '2026-03-10' });
  });

  it("say what Yesterday holds beside its dates (yesterday and today so far), and the other presets' dates to present", () => {
    const now = at('2026-11-27T09:00:00Z');
    expect(timeFrameText(defaultTimeFrame(now))).toBe('Yesterday and today so far: 2026/11/26 - present');
    expect(timeFrameRange(defaultTimeFrame(now))).toEqual({ startDate: at('2026-11-26T00:00:00Z'), endDate: at('2026-11-27T23:59:59.999Z') });
    expect(timeFrameText(makeTimeFrame('previous_7_days', now))).toBe('2026/11/20 - present');
  });

  it('are worked out again from today; a custom frame keeps its dates', () => {
    const saved = makeTimeFrame('previous_7_days', at('2026-01-10T00:00:00Z'));
    expect(currentTimeFrame(saved, at('2026-02-01T09:00:00Z'))).toMatchObject({ fromDate: '2026-01-25', toDate: '2026-02-01' });
    const chosen = custom('2025-05-01', '2025-05-31');
    expect(currentTimeFrame(chosen, at('2026-02-01T09:00:00Z'))).toBe(chosen);
  });
});

describe('time frame validity (§5)', () => {
  it('needs both dates, Custom starting with none', () => {
    expect(makeTimeFrame('custom')).toEqual(custom(null, null));
    expect(isTimeFrameValid(custom(null, null))).toBe(false);
    expect(isTimeFrameValid(custom('2026-01-01', null))).toBe(false);
    expect(isTimeFrameValid(custom(null, '2026-01-01'))).toBe(false);
    expect(isTimeFrameValid(custom('2026-01-01', '2026-01-01'))).toBe(true);
    expect(timeFrameError(custom('2026-01-01', null))).toBe('To date is required');
    expect(timeFrameError(custom(null, '2026-01-01'))).toBe('From date is required');
    expect(timeFrameError(custom('2026-01-01', '2026-01-01'))).toBeNull();
  });

  it('refuses a from date after the to date', () => {
    expect(isTimeFrameValid(custom('2026-01-02', '2026-01-01'))).toBe(false);
    expect(timeFrameError(custom('2026-01-02', '2026-01-01'))).toBe('The from date must not be after the to date');
    expect(timeFrameRange(custom('2026-01-02', '2026-01-01'))).toBeNull();
  });
});

describe('timeFrameRange', () => {
  it('runs from the first to the last millisecond of its UTC days', () => {
    expect(timeFrameRange(custom('2024-02-28', '2024-02-29'))).toEqual({ startDate: at('2024-02-28T00:00:00.000Z'), endDate: at('2024-02-29T23:59:59.999Z') });
  });

  it('is null without both dates', () => {
    expect(timeFrameRange(custom('2024-02-28', null))).toBeNull();
  });
});

describe('time frame text', () => {
  it('shows custom dates as yyyy/MM/dd', () => {
    expect(selectorDate('2024-02-29')).toBe('2024/02/29');
    expect(timeFrameText(custom('2024-02-01', '2024-02-29'))).toBe('2024/02/01 - 2024/02/29');
  });

  it("reads 'From report start til report end' with one bound only", () => {
    expect(timeFrameText(custom('2024-02-01', null))).toBe(DASHBOARD_MESSAGES.oneBound);
    expect(timeFrameText(custom(null, '2024-02-01'))).toBe('From report start til report end');
  });
});
