import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  endAfterStart,
  estimateExecutions,
  maxExecutionsMessage,
  maxExecutionsPerDay,
  nextExecutionAfter,
  recurrenceErrors,
  preselectedWeekDays,
  timeOfDayIn,
  withRecurrenceDefaults,
} from './recurrence';
import { DAY_TYPE, ITERATION_CAP_MESSAGE, MAX_ESTIMATE_ITERATIONS, REPEAT, type Recurrence, type ScheduleData } from './schedule-data';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NO_DAYS: ScheduleData['weekDays'] = [0, 0, 0, 0, 0, 0, 0];

/** Epoch ms of a wall-clock reading in a zone (only for readings that exist exactly once). */
const at = (wallClock: string, zone: string) => DateTime.fromISO(wallClock, { zone }).toMillis();
/** How a time reads in a zone, with its offset, so DST is visible in failures. */
const reading = (time: number, zone: string) => DateTime.fromMillis(time, { zone }).toFormat("yyyy-MM-dd'T'HH:mmZZ");

const onceADay: ScheduleData = { type: DAY_TYPE.oncePerDay, recurEveryDays: 1, weekDays: NO_DAYS };

function recurrence(overrides: Partial<Recurrence> & Pick<Recurrence, 'startTime' | 'timeZone'>): Recurrence {
  return { repeat: REPEAT.daily, endTime: null, scheduleData: onceADay, ...overrides };
}

function repeatedWithinDay(durationType: 'Hours' | 'Minutes', every: number, executionsPerDay: number): ScheduleData {
  return {
    type: DAY_TYPE.repeatedWithinDay,
    recurEveryDays: 1,
    weekDays: NO_DAYS,
    recurDurationType: durationType,
    recurEveryHours: durationType === 'Hours' ? every : 0,
    recurEveryMinutes: durationType === 'Minutes' ? every : 0,
    executionsPerDay,
  };
}

describe('estimateExecutions', () => {
  it('gives a one-time schedule its start time while it is in the future, and nothing after', () => {
    const startTime = at('2026-05-01T10:00', BERLIN);
    const once = recurrence({ repeat: REPEAT.once, startTime, timeZone: BERLIN });
    expect(estimateExecutions(once, startTime - MINUTE)).toEqual({ times: [startTime] });
    expect(estimateExecutions(once, startTime)).toEqual({ times: [] });
  });

  it('runs daily type 1 every recurEveryDays days at the start time, future only, up to the end', () => {
    const daily = recurrence({
      startTime: at('2026-05-01T10:00', BERLIN),
      endTime: at('2026-05-09T10:00', BERLIN),
      scheduleData: { ...onceADay, recurEveryDays: 3 },
      timeZone: BERLIN,
    });
    const { times, message } = estimateExecutions(daily, at('2026-05-02T00:00', BERLIN));
    expect(times.map((time) => reading(time, BERLIN))).toEqual(['2026-05-04T10:00+02:00', '2026-05-07T10:00+02:00']);
    expect(message).toBeUndefined();
  });

  it('keeps 09:00 Europe/Berlin across both 2026 daylight-saving changes', () => {
    for (const [from, to] of [
      ['2026-03-27', '2026-03-31'],
      ['2026-10-23', '2026-10-27'],
    ] as const) {
      const daily = recurrence({ startTime: at(`${from}T09:00`, BERLIN), endTime: at(`${to}T09:00`, BERLIN), timeZone: BERLIN });
      const readings = estimateExecutions(daily, 0).times.map((time) => reading(time, BERLIN));
      expect(readings.map((text) => text.slice(10, 16))).toEqual(['T09:00', 'T09:00', 'T09:00', 'T09:00', 'T09:00']);
    }
    const spring = estimateExecutions(
      recurrence({ startTime: at('2026-03-28T09:00', BERLIN), endTime: at('2026-03-29T09:00', BERLIN), timeZone: BERLIN }),
      0,
    ).times;
    expect(spring[1]! - spring[0]!).toBe(23 * 60 * MINUTE);
  });

  it('keeps 09:00 America/New_York across its 2026 changes (March 8 and November 1)', () => {
    const daily = recurrence({ startTime: at('2026-03-07T09:00', NEW_YORK), endTime: at('2026-11-02T09:00', NEW_YORK), timeZone: NEW_YORK });
    const times = estimateExecutions(daily, 0).times;
    expect(times).toHaveLength(241);
    expect(new Set(times.map((time) => reading(time, NEW_YORK).slice(10, 16)))).toEqual(new Set(['T09:00']));
    expect(times.slice(0, 2).map((time) => reading(time, NEW_YORK))).toEqual(['2026-03-07T09:00-05:00', '2026-03-08T09:00-04:00']);
    expect(times.slice(-2).map((time) => reading(time, NEW_YORK))).toEqual(['2026-11-01T09:00-05:00', '2026-11-02T09:00-05:00']);
  });

  it('shifts a time in the spring-forward gap forward by the gap (02:30 → 03:30 on 2026-03-29 in Berlin)', () => {
    const daily = recurrence({ startTime: at('2026-03-28T02:30', BERLIN), endTime: at('2026-03-30T02:30', BERLIN), timeZone: BERLIN });
    expect(estimateExecutions(daily, 0).times.map((time) => reading(time, BERLIN))).toEqual([
      '2026-03-28T02:30+01:00',
      '2026-03-29T03:30+02:00',
      '2026-03-30T02:30+02:00',
    ]);
  });

  it('runs a time that occurs twice at fall-back once, at its first occurrence (02:30 on 2026-10-25 in Berlin)', () => {
    const daily = recurrence({ startTime: at('2026-10-24T02:30', BERLIN), endTime: at('2026-10-26T02:30', BERLIN), timeZone: BERLIN });
    expect(estimateExecutions(daily, 0).times.map((time) => reading(time, BERLIN))).toEqual([
      '2026-10-24T02:30+02:00',
      '2026-10-25T02:30+02:00',
      '2026-10-26T02:30+01:00',
    ]);
  });

  it('runs hourly wall-clock times through the gap and the overlap without duplicates', () => {
    const hourly = repeatedWithinDay('Hours', 1, 5);
    const spring = recurrence({ startTime: at('2026-03-29T00:00', BERLIN), endTime: at('2026-03-29T12:00', BERLIN), scheduleData: hourly, timeZone: BERLIN });
    expect(estimateExecutions(spring, 0).times.map((time) => reading(time, BERLIN).slice(11))).toEqual([
      '00:00+01:00',
      '01:00+01:00',
      '03:00+02:00',
      '04:00+02:00',
    ]);
    const autumn = { ...spring, startTime: at('2026-10-25T00:00', BERLIN), endTime: at('2026-10-25T12:00', BERLIN) };
    expect(estimateExecutions(autumn, 0).times.map((time) => reading(time, BERLIN).slice(11))).toEqual([
      '00:00+02:00',
      '01:00+02:00',
      '02:00+02:00',
      '03:00+01:00',
      '04:00+01:00',
    ]);
  });

  it('keeps times sorted when a gap-shifted run overtakes the next one (every 45 minutes)', () => {
    const spring = recurrence({
      startTime: at('2026-03-29T00:00', BERLIN),
      endTime: at('2026-03-29T12:00', BERLIN),
      scheduleData: repeatedWithinDay('Minutes', 45, 6),
      timeZone: BERLIN,
    });
    // 02:15 does not exist and reads 03:15, after the 03:00 run.
    expect(estimateExecutions(spring, 0).times.map((time) => reading(time, BERLIN).slice(11, 16))).toEqual([
      '00:00',
      '00:45',
      '01:30',
      '03:00',
      '03:15',
      '03:45',
    ]);
  });

  it('ends a type 2 day at midnight: runs that would pass 24:00 are cut', () => {
    const late = recurrence({
      startTime: at('2026-06-01T23:00', BERLIN),
      endTime: at('2026-06-02T23:59', BERLIN),
      scheduleData: repeatedWithinDay('Minutes', 45, 4),
      timeZone: BERLIN,
    });
    expect(estimateExecutions(late, 0).times.map((time) => reading(time, BERLIN).slice(0, 16))).toEqual([
      '2026-06-01T23:00',
      '2026-06-01T23:45',
      '2026-06-02T23:00',
      '2026-06-02T23:45',
    ]);
  });

  it('keeps the hourly runs of a weekly Monday on Mondays (22:00 Europe/Berlin, every hour)', () => {
    // 2026-06-01 is a Monday. Two runs fit before midnight; a stored schedule asking for 5 keeps those 2.
    const mondays = recurrence({
      repeat: REPEAT.weekly,
      startTime: at('2026-06-01T22:00', BERLIN),
      endTime: at('2026-06-09T00:00', BERLIN),
      scheduleData: { ...repeatedWithinDay('Hours', 1, 5), recurEveryWeeks: 1, weekDays: [0, 1, 0, 0, 0, 0, 0] },
      timeZone: BERLIN,
    });
    expect(estimateExecutions(mondays, 0).times.map((time) => DateTime.fromMillis(time, { zone: BERLIN }).toFormat('ccc HH:mm'))).toEqual([
      'Mon 22:00',
      'Mon 23:00',
      'Mon 22:00',
      'Mon 23:00',
    ]);
    expect(recurrenceErrors(REPEAT.weekly, mondays.scheduleData, timeOfDayIn(mondays.startTime, BERLIN)).map((error) => error.message)).toEqual([
      'With selected hours/minutes, maximum number of runs can be 2',
    ]);
  });

  it('runs weekly on the chosen days every 2 weeks, counting from the Sunday-started week of the start', () => {
    // 2026-06-03 is a Wednesday; its week starts on Sunday 2026-05-31. Monday and Wednesday are chosen.
    const weekly = recurrence({
      repeat: REPEAT.weekly,
      startTime: at('2026-06-03T08:00', NEW_YORK),
      endTime: at('2026-07-01T08:00', NEW_YORK),
      scheduleData: { type: DAY_TYPE.oncePerDay, recurEveryWeeks: 2, weekDays: [0, 1, 0, 1, 0, 0, 0] },
      timeZone: NEW_YORK,
    });
    expect(estimateExecutions(weekly, 0).times.map((time) => reading(time, NEW_YORK).slice(0, 16))).toEqual([
      '2026-06-03T08:00',
      '2026-06-15T08:00',
      '2026-06-17T08:00',
      '2026-06-29T08:00',
      '2026-07-01T08:00',
    ]);
  });

  it('has no executions for a weekly schedule without a weekday', () => {
    const weekly = recurrence({ repeat: REPEAT.weekly, startTime: at('2026-06-03T08:00', BERLIN), scheduleData: onceADay, timeZone: BERLIN });
    expect(estimateExecutions(weekly, 0)).toEqual({ times: [] });
    expect(nextExecutionAfter(weekly, 0)).toBeNull();
  });

  it('has no executions when a time is not a number, rather than walking forever', () => {
    const weekly = recurrence({ repeat: REPEAT.weekly, startTime: at('2026-06-03T08:00', BERLIN), scheduleData: { ...onceADay, weekDays: [0, 1, 0, 0, 0, 0, 0] }, timeZone: BERLIN });
    expect(estimateExecutions({ ...weekly, startTime: NaN }, 0)).toEqual({ times: [] });
    expect(estimateExecutions({ ...weekly, endTime: NaN }, 0)).toEqual({ times: [] });
    expect(estimateExecutions(weekly, NaN)).toEqual({ times: [] });
    expect(nextExecutionAfter(weekly, NaN)).toBeNull();
  });

  it('looks 366 days ahead for an open-ended schedule', () => {
    const startTime = at('2026-01-01T12:00', 'UTC');
    const times = estimateExecutions(recurrence({ startTime, timeZone: 'UTC' }), startTime - 1).times;
    expect(times).toHaveLength(367);
    expect(times.at(-1)).toBe(startTime + 366 * DAY);
  });

  describe('iteration cap', () => {
    // Every minute all day from midnight UTC: 200000 runs take 138 days and 1280 minutes.
    const everyMinute = recurrence({ startTime: at('2026-01-01T00:00', 'UTC'), scheduleData: repeatedWithinDay('Minutes', 1, 1440), timeZone: 'UTC' });
    const lastOfCap = everyMinute.startTime + 138 * DAY + 1279 * MINUTE;

    it('is not reported when exactly MAX_ESTIMATE_ITERATIONS candidates exist', () => {
      const estimate = estimateExecutions({ ...everyMinute, endTime: lastOfCap }, everyMinute.startTime - 1);
      expect(estimate.message).toBeUndefined();
      expect(estimate.times).toHaveLength(MAX_ESTIMATE_ITERATIONS);
    });

    it('stops with its message when one more candidate remains', () => {
      const estimate = estimateExecutions({ ...everyMinute, endTime: lastOfCap + MINUTE }, everyMinute.startTime - 1);
      expect(estimate.message).toBe('Maximum iteration limit of 200000 is exceeded, so remaining executions are skipped');
      expect(estimate.message).toBe(ITERATION_CAP_MESSAGE);
      expect(estimate.times).toHaveLength(MAX_ESTIMATE_ITERATIONS);
      expect(estimate.times.at(-1)).toBe(lastOfCap);
    });
  });
});

describe('nextExecutionAfter', () => {
  it('finds the next daily run directly, years after the start', () => {
    const daily = recurrence({ startTime: at('2020-01-01T09:00', BERLIN), scheduleData: { ...onceADay, recurEveryDays: 2 }, timeZone: BERLIN });
    expect(reading(nextExecutionAfter(daily, at('2026-03-29T09:00', BERLIN))!, BERLIN)).toBe('2026-03-30T09:00+02:00');
    expect(reading(nextExecutionAfter(daily, at('2026-03-29T08:59', BERLIN))!, BERLIN)).toBe('2026-03-30T09:00+02:00');
  });

  it('is strictly after the given time and never past the end', () => {
    const hourly = recurrence({
      startTime: at('2026-06-01T08:00', BERLIN),
      endTime: at('2026-06-01T10:00', BERLIN),
      scheduleData: repeatedWithinDay('Hours', 1, 8),
      timeZone: BERLIN,
    });
    expect(nextExecutionAfter(hourly, hourly.startTime - 1)).toBe(hourly.startTime);
    expect(reading(nextExecutionAfter(hourly, hourly.startTime)!, BERLIN).slice(11, 16)).toBe('09:00');
    expect(nextExecutionAfter(hourly, hourly.endTime!)).toBeNull();
  });

  it('finds the run that a gap-shifted one would hide', () => {
    const spring = recurrence({ startTime: at('2026-03-29T00:00', BERLIN), scheduleData: repeatedWithinDay('Minutes', 45, 6), timeZone: BERLIN });
    expect(reading(nextExecutionAfter(spring, at('2026-03-29T01:30', BERLIN))!, BERLIN).slice(11, 16)).toBe('03:00');
  });
});

describe('schedule rules', () => {
  it('fits the runs of a type 2 day between the start time of day and midnight', () => {
    const HOUR = 60 * MINUTE;
    expect(maxExecutionsPerDay(repeatedWithinDay('Hours', 6, 1), 0)).toBe(4);
    expect(maxExecutionsPerDay(repeatedWithinDay('Hours', 5, 1), 0)).toBe(5);
    expect(maxExecutionsPerDay(repeatedWithinDay('Minutes', 7, 1), 0)).toBe(206);
    // 18:00 + 3 × 2 h = 24:00 is the next day: 18, 20 and 22 fit.
    expect(maxExecutionsPerDay(repeatedWithinDay('Hours', 2, 1), 18 * HOUR)).toBe(3);
    expect(maxExecutionsPerDay(repeatedWithinDay('Hours', 2, 1), 18 * HOUR - 1)).toBe(4);
    expect(maxExecutionsPerDay(repeatedWithinDay('Minutes', 45, 1), 23 * HOUR + 59 * MINUTE)).toBe(1);
    expect(maxExecutionsPerDay(onceADay, 0)).toBeNull();
    expect(maxExecutionsMessage(4)).toBe('With selected hours/minutes, maximum number of runs can be 4');
  });

  it('reads the start time of day in the schedule zone', () => {
    const start = at('2026-06-01T22:30', BERLIN);
    expect(timeOfDayIn(start, BERLIN)).toBe((22 * 60 + 30) * MINUTE);
    expect(timeOfDayIn(start, 'UTC')).toBe((20 * 60 + 30) * MINUTE);
    expect(timeOfDayIn(start, NEW_YORK)).toBe((16 * 60 + 30) * MINUTE);
  });

  it('reports the {hash} and weekday errors of §5', () => {
    const midnight = 0;
    expect(recurrenceErrors(REPEAT.daily, repeatedWithinDay('Hours', 6, 5), midnight)).toEqual([
      { code: 'hash', field: 'executionsPerDay', message: 'With selected hours/minutes, maximum number of runs can be 4' },
    ]);
    expect(recurrenceErrors(REPEAT.daily, repeatedWithinDay('Hours', 6, 4), midnight)).toEqual([]);
    // From 19:00 only 19:00 and 01:00 the next day would be 6 h apart: one run fits.
    expect(recurrenceErrors(REPEAT.daily, repeatedWithinDay('Hours', 6, 2), 19 * 60 * MINUTE).map((error) => error.message)).toEqual([
      'With selected hours/minutes, maximum number of runs can be 1',
    ]);
    expect(recurrenceErrors(REPEAT.weekly, { ...onceADay, recurEveryWeeks: 1 }, midnight).map((error) => error.code)).toEqual([
      'atleastOneWeekDayMustBeSelected',
    ]);
    expect(recurrenceErrors(REPEAT.once, { ...onceADay, type: DAY_TYPE.repeatedWithinDay }, midnight)).toEqual([]);
    expect(recurrenceErrors(REPEAT.daily, { type: DAY_TYPE.repeatedWithinDay, weekDays: NO_DAYS }, midnight).map((error) => error.code)).toEqual([
      'recurEveryDaysRequired',
      'recurEveryRequired',
      'executionsPerDayRequired',
    ]);
  });

  it('applies the scheduleData rules of §3 and §4', () => {
    expect(withRecurrenceDefaults({ type: DAY_TYPE.repeatedWithinDay, weekDays: NO_DAYS })).toEqual({
      type: DAY_TYPE.oncePerDay,
      recurEveryDays: 1,
      recurEveryWeeks: 1,
      weekDays: NO_DAYS,
      recurDurationType: 'Hours',
      recurEveryHours: 0,
      recurEveryMinutes: 0,
      executionsPerDay: 0,
    });
    const minutes = withRecurrenceDefaults({
      type: DAY_TYPE.oncePerDay,
      weekDays: NO_DAYS,
      recurDurationType: 'Minutes',
      recurEveryHours: 3,
      recurEveryMinutes: 20,
      executionsPerDay: 5,
    });
    expect(minutes).toMatchObject({ type: DAY_TYPE.repeatedWithinDay, recurEveryHours: 0, recurEveryMinutes: 20, weekDays: NO_DAYS });
  });

  it('preselects the start weekday, in the zone, for weekly with no day chosen', () => {
    // 01:00 on Wednesday in Berlin is 19:00 on Tuesday in New York.
    const wednesdayInBerlin = at('2026-06-03T01:00', BERLIN);
    expect(preselectedWeekDays(REPEAT.weekly, wednesdayInBerlin, BERLIN, NO_DAYS)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(preselectedWeekDays(REPEAT.weekly, wednesdayInBerlin, NEW_YORK, NO_DAYS)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(preselectedWeekDays(REPEAT.weekly, wednesdayInBerlin, BERLIN, [0, 1, 0, 0, 0, 0, 0])).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(preselectedWeekDays(REPEAT.daily, wednesdayInBerlin, BERLIN, NO_DAYS)).toEqual(NO_DAYS);
  });

  it('moves the end after the start: 1 day for one time, 1 year for repeating, at the same wall-clock time', () => {
    const start = at('2026-03-28T09:00', BERLIN);
    expect(reading(endAfterStart(REPEAT.once, start, start, BERLIN), BERLIN)).toBe('2026-03-29T09:00+02:00');
    expect(reading(endAfterStart(REPEAT.daily, start, null, BERLIN), BERLIN)).toBe('2027-03-28T09:00+02:00');
    expect(reading(endAfterStart(REPEAT.weekly, at('2028-02-29T09:00', BERLIN), 0, BERLIN), BERLIN)).toBe('2029-02-28T09:00+01:00');
    expect(endAfterStart(REPEAT.daily, start, start + 1, BERLIN)).toBe(start + 1);
  });
});
