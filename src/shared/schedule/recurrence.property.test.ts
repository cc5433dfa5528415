import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { estimateExecutions, nextExecutionAfter, OPEN_END_ESTIMATE_HORIZON_MS, spacingMinutes } from './recurrence';
import { DAY_TYPE, ITERATION_CAP_MESSAGE, MAX_ESTIMATE_ITERATIONS, REPEAT, type Recurrence, type ScheduleData } from './schedule-data';

/**
 * Property tests over random schedules. Seeded, so a failure prints a seed and path that reproduce it. Start dates
 * cluster around the 2026/2027 DST changes of the zones below (north and south, 1 h and 30 min shifts, a midnight gap).
 */
const SEED = 20260329;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Auckland', 'America/Havana', 'Asia/Kolkata', 'UTC'];
const AROUND_CHANGES = ['2026-03-01', '2026-03-25', '2026-09-20', '2026-10-20', '2027-03-20'].map((date) => Date.parse(`${date}T00:00:00Z`));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** fast-check runs thousands of cases; on a loaded machine they need more than the unit project's 15 s. */
const PROPERTY_TIMEOUT_MS = 120_000;

interface Case {
  recurrence: Recurrence;
  now: number;
}

function scheduleArbitrary(options: { maxDays: number; maxRunsPerDay: number; openEnd: boolean }) {
  return fc
    .record({
      zone: fc.constantFrom(...ZONES),
      repeat: fc.constantFrom(REPEAT.once, REPEAT.daily, REPEAT.weekly, REPEAT.weekly),
      around: fc.constantFrom(...AROUND_CHANGES),
      startDay: fc.integer({ min: 0, max: 14 }),
      // Half the starts fall in the small hours, where DST changes happen.
      startHour: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 23 })),
      startMinuteOfHour: fc.oneof(fc.constantFrom(0, 15, 30, 45), fc.integer({ min: 0, max: 59 })),
      lengthMinutes: fc.integer({ min: 0, max: options.maxDays * 24 * 60 }),
      openEnd: options.openEnd ? fc.boolean() : fc.constant(false),
      nowShiftMinutes: fc.integer({ min: -3 * 24 * 60, max: options.maxDays * 24 * 60 }),
      type: fc.constantFrom(DAY_TYPE.oncePerDay, DAY_TYPE.repeatedWithinDay),
      recurEveryDays: fc.integer({ min: 1, max: 10 }),
      recurEveryWeeks: fc.integer({ min: 1, max: 4 }),
      weekDays: fc.array(fc.constantFrom<0 | 1>(0, 1), { minLength: 7, maxLength: 7 }),
      durationType: fc.constantFrom('Hours' as const, 'Minutes' as const),
      every: fc.integer({ min: 1, max: 12 }),
      everyMinutes: fc.oneof(fc.constantFrom(15, 30, 45, 60, 90), fc.integer({ min: 1, max: 720 })),
      executionsPerDay: fc.integer({ min: 1, max: options.maxRunsPerDay }),
    })
    .map((draw): Case => {
      const startDate = DateTime.fromMillis(draw.around + draw.startDay * DAY, { zone: 'UTC' });
      const startTime = DateTime.fromObject(
        { year: startDate.year, month: startDate.month, day: startDate.day, hour: draw.startHour, minute: draw.startMinuteOfHour },
        { zone: draw.zone },
      ).toMillis();
      const scheduleData: ScheduleData = {
        type: draw.type,
        recurEveryDays: draw.recurEveryDays,
        recurEveryWeeks: draw.recurEveryWeeks,
        weekDays: draw.weekDays,
        recurDurationType: draw.durationType,
        recurEveryHours: draw.durationType === 'Hours' ? draw.every : 0,
        recurEveryMinutes: draw.durationType === 'Minutes' ? draw.everyMinutes : 0,
        executionsPerDay: draw.executionsPerDay,
      };
      return {
        recurrence: {
          repeat: draw.repeat,
          startTime,
          endTime: draw.openEnd ? null : startTime + draw.lengthMinutes * MINUTE,
          scheduleData,
          timeZone: draw.zone,
        },
        now: startTime + draw.nowShiftMinutes * MINUTE,
      };
    });
}

const HALF_HOUR = 30 * MINUTE;
/** The issue asks for thousands of random schedules. */
const MAIN_PROPERTY_RUNS = 5000;
const offsetsByZone = new Map<string, Map<number, number>>();
/**
 * A zone's UTC offset in ms, from luxon (not the engine's clock), memoised per half hour: every zone above changes its
 * offset on a half-hour boundary of UTC.
 */
function offsetOf(time: number, zone: string): number {
  const slot = Math.floor(time / HALF_HOUR);
  const offsets = offsetsByZone.get(zone) ?? new Map<number, number>();
  offsetsByZone.set(zone, offsets);
  let offset = offsets.get(slot);
  if (offset === undefined) {
    offset = DateTime.fromMillis(slot * HALF_HOUR, { zone }).offset * MINUTE;
    offsets.set(slot, offset);
  }
  return offset;
}

/** A wall-clock reading as epoch ms of the same calendar date and time in UTC. */
const wallOf = (time: number, zone: string) => time + offsetOf(time, zone);

const dayOf = (wall: number) => Math.floor(wall / DAY);
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * An independent, slow reference: walks every local date from the start with luxon calendar arithmetic and resolves each
 * wall-clock reading with luxon (gap → shifted forward), taking the earliest of two instants with the same reading.
 */
function referenceExecutions({ recurrence, now }: Case, end: number): number[] {
  const { startTime, timeZone: zone, scheduleData: data } = recurrence;
  if (recurrence.repeat === REPEAT.once) return startTime > now ? [startTime] : [];
  if (recurrence.repeat === REPEAT.weekly && !data.weekDays.includes(1)) return [];
  const start = DateTime.fromMillis(startTime, { zone });
  const startDate = DateTime.utc(start.year, start.month, start.day);
  const timeOfDay = { hour: start.hour, minute: start.minute, second: start.second, millisecond: start.millisecond };
  const anchorSunday = startDate.minus({ days: start.weekday % 7 });
  const spacing = spacingMinutes(data);
  const found = new Set<number>();
  for (let date = startDate; date.toMillis() <= end + 2 * DAY; date = date.plus({ days: 1 })) {
    const daysFromStart = Math.round(date.diff(startDate, 'days').days);
    const weeksFromAnchor = Math.floor(Math.round(date.diff(anchorSunday, 'days').days) / 7);
    const active =
      recurrence.repeat === REPEAT.daily
        ? daysFromStart % (data.recurEveryDays ?? 1) === 0
        : data.weekDays[date.weekday % 7] === 1 && weeksFromAnchor % (data.recurEveryWeeks ?? 1) === 0;
    if (!active) continue;
    const runs = data.type === DAY_TYPE.repeatedWithinDay && spacing > 0 ? (data.executionsPerDay ?? 1) : 1;
    for (let run = 0; run < runs; run++) {
      const reading = date.set(timeOfDay).plus({ minutes: run * spacing });
      // A day's runs end at its midnight (§5 {hash}).
      if (!reading.hasSame(date, 'day')) break;
      const resolved = DateTime.fromObject(reading.toObject(), { zone });
      let instant = resolved.toMillis();
      for (const back of [30, 60, 120]) {
        const earlier = DateTime.fromMillis(instant - back * MINUTE, { zone });
        if (earlier.toFormat('yyyyMMddHHmmssSSS') === resolved.toFormat('yyyyMMddHHmmssSSS')) instant = earlier.toMillis();
      }
      if (instant > now && instant >= startTime && instant <= end) found.add(instant);
    }
  }
  return [...found].sort((a, b) => a - b);
}

describe('recurrence properties', () => {
  it('keeps every estimate in the future, within [start, end], ascending, unique, on active calendar days, at most executionsPerDay a day', () => {
    fc.assert(
      fc.property(scheduleArbitrary({ maxDays: 40, maxRunsPerDay: 30, openEnd: true }), ({ recurrence, now }) => {
        const { times, message } = estimateExecutions(recurrence, now);
        expect(message).toBeUndefined();
        const { startTime, scheduleData: data, timeZone } = recurrence;
        const end = recurrence.endTime ?? Math.max(now, startTime) + OPEN_END_ESTIMATE_HORIZON_MS;
        // One assertion per case (per-time expect calls would dominate the run time): the times breaking a rule.
        const misplaced = times.filter((time, index) => time <= now || time < startTime || time > end || (index > 0 && time <= times[index - 1]!));
        expect(misplaced).toEqual([]);
        if (recurrence.repeat === REPEAT.once) return;

        // The calendar day of each time, read in the schedule's zone, must be an active one: a selected weekday in an
        // active week (weekly), or a multiple of recurEveryDays after the start date (daily).
        const startDay = dayOf(wallOf(startTime, timeZone));
        const anchorSunday = startDay - weekdayOf(startDay);
        const days = times.map((time) => dayOf(wallOf(time, timeZone)));
        const offDays = times.filter((_, index) => {
          const day = days[index]!;
          return recurrence.repeat === REPEAT.daily
            ? (day - startDay) % (data.recurEveryDays ?? 1) !== 0
            : data.weekDays[weekdayOf(day)] !== 1 || Math.floor((day - anchorSunday) / 7) % (data.recurEveryWeeks ?? 1) !== 0;
        });
        expect(offDays.map((time) => DateTime.fromMillis(time, { zone: timeZone }).toISO())).toEqual([]);

        const perCalendarDay = new Map<number, number>();
        for (const day of days) perCalendarDay.set(day, (perCalendarDay.get(day) ?? 0) + 1);
        const allowed = data.type === DAY_TYPE.repeatedWithinDay ? (data.executionsPerDay ?? 1) : 1;
        expect(Math.max(0, ...perCalendarDay.values())).toBeLessThanOrEqual(allowed);
      }),
      { seed: SEED, numRuns: MAIN_PROPERTY_RUNS },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('matches an independent luxon reference, DST changes included', () => {
    fc.assert(
      fc.property(scheduleArbitrary({ maxDays: 12, maxRunsPerDay: 8, openEnd: false }), (drawn) => {
        expect(estimateExecutions(drawn.recurrence, drawn.now).times).toEqual(referenceExecutions(drawn, drawn.recurrence.endTime ?? 0));
      }),
      { seed: SEED + 1, numRuns: 300 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('gives as next execution after t the first estimate after t', () => {
    fc.assert(
      fc.property(scheduleArbitrary({ maxDays: 60, maxRunsPerDay: 48, openEnd: true }), ({ recurrence, now }) => {
        const { times } = estimateExecutions(recurrence, now);
        const next = nextExecutionAfter(recurrence, now);
        if (recurrence.endTime === null && times.length === 0) expect(next === null || next > Math.max(now, recurrence.startTime) + OPEN_END_ESTIMATE_HORIZON_MS).toBe(true);
        else expect(next).toBe(times[0] ?? null);
        // Walking the schedule by nextExecutionAfter gives the estimate's times.
        const walked: number[] = [];
        for (let time = nextExecutionAfter(recurrence, now); time !== null && walked.length < Math.min(times.length, 40); time = nextExecutionAfter(recurrence, time)) {
          walked.push(time);
        }
        expect(walked).toEqual(times.slice(0, walked.length));
      }),
      { seed: SEED + 2, numRuns: 400 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('reports the iteration cap exactly when more than 200000 candidates lie within the end', () => {
    const divisorsOfADay = [1, 2, 3, 4, 5, 6, 8, 10];
    fc.assert(
      fc.property(fc.constantFrom(...divisorsOfADay), fc.integer({ min: -3, max: 3 }), (everyMinutes, extra) => {
        const startTime = Date.UTC(2026, 0, 1);
        const perDay = (24 * 60) / everyMinutes;
        // The instant of the n-th run (0-based) of an all-day schedule from midnight UTC.
        const runAt = (index: number) => startTime + Math.floor(index / perDay) * DAY + (index % perDay) * everyMinutes * MINUTE;
        const recurrence: Recurrence = {
          repeat: REPEAT.daily,
          startTime,
          endTime: runAt(MAX_ESTIMATE_ITERATIONS - 1 + extra),
          timeZone: 'UTC',
          scheduleData: {
            type: DAY_TYPE.repeatedWithinDay,
            recurEveryDays: 1,
            weekDays: [0, 0, 0, 0, 0, 0, 0],
            recurDurationType: 'Minutes',
            recurEveryMinutes: everyMinutes,
            recurEveryHours: 0,
            executionsPerDay: perDay,
          },
        };
        const { times, message } = estimateExecutions(recurrence, startTime - 1);
        expect(message).toBe(extra > 0 ? ITERATION_CAP_MESSAGE : undefined);
        expect(times).toHaveLength(Math.min(MAX_ESTIMATE_ITERATIONS, MAX_ESTIMATE_ITERATIONS + extra));
      }),
      { seed: SEED + 3, numRuns: 12 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
