import {
  DAY_TYPE,
  ITERATION_CAP_MESSAGE,
  MAX_ESTIMATE_ITERATIONS,
  REPEAT,
  type Recurrence,
  type RepeatCode,
  type ScheduleData,
} from './schedule-data';
import { DAY_MS, dayOf, MAX_UTC_OFFSET_MS, MINUTE_MS, weekdayOf, zoneClock, type ZoneClock } from './zone-clock';

/** An open-ended schedule's estimate looks this far ahead of max(now, start): the default span of a repeating schedule. */
export const OPEN_END_ESTIMATE_HORIZON_MS = 366 * DAY_MS;
/** The estimate also examines the two local days before today: their runs may still lie ahead (late spacing, DST gaps). */
const LOOKBACK_DAYS = 2;
const DAYS_PER_WEEK = 7;

export interface Estimate {
  /** Epoch ms, ascending and unique, each after `now` and within [startTime, endTime]. */
  times: number[];
  /** ITERATION_CAP_MESSAGE when candidates remained after MAX_ESTIMATE_ITERATIONS were examined. */
  message?: string;
}

/** Minutes between the runs of one day (0 when none is set), by recurDurationType; without a duration type, hours win. */
export function spacingMinutes(data: ScheduleData): number {
  const hours = data.recurEveryHours ?? 0;
  const minutes = data.recurEveryMinutes ?? 0;
  if (data.recurDurationType === 'Minutes') return minutes;
  if (data.recurDurationType === 'Hours') return hours * 60;
  return hours > 0 ? hours * 60 : minutes;
}

/** The wall-clock time of day (ms since local midnight) of an instant in a zone. */
export function timeOfDayIn(instant: number, timeZone: string): number {
  const wall = zoneClock(timeZone).toWall(instant);
  return wall - dayOf(wall) * DAY_MS;
}

/**
 * Most runs a type 2 day can hold (the §5 {hash} rule): a day's runs start at the start's time of day (`startTimeOfDay`,
 * ms since local midnight) and all fall before the end of that calendar day, i.e. run n (from 1) is kept while
 * start + (n - 1) * spacing is before 24:00 of the wall clock. Null when the day is not type 2 or has no spacing.
 */
export function maxExecutionsPerDay(data: ScheduleData, startTimeOfDay: number): number | null {
  const spacing = spacingMinutes(data) * MINUTE_MS;
  if (data.type !== DAY_TYPE.repeatedWithinDay || spacing <= 0) return null;
  return Math.ceil((DAY_MS - startTimeOfDay) / spacing);
}

/** The text shown for the §5 {hash} error. */
export function maxExecutionsMessage(max: number): string {
  return `With selected hours/minutes, maximum number of runs can be ${max}`;
}

/** Error keys of §5 plus the structural requirements of §4 on scheduleData. */
export type RecurrenceErrorCode =
  | 'recurEveryDaysRequired'
  | 'recurEveryWeeksRequired'
  | 'atleastOneWeekDayMustBeSelected'
  | 'recurEveryRequired'
  | 'executionsPerDayRequired'
  | 'hash';

export interface RecurrenceError {
  code: RecurrenceErrorCode;
  field: keyof ScheduleData;
  message: string;
}

const positive = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value) && value > 0;

/**
 * What is wrong with scheduleData for this repeat (empty when valid); `startTimeOfDay` is the start's wall-clock time of
 * day in the schedule's zone (see timeOfDayIn), which bounds a type 2 day. One-time schedules need nothing from it.
 */
export function recurrenceErrors(repeat: RepeatCode, data: ScheduleData, startTimeOfDay: number): RecurrenceError[] {
  if (repeat === REPEAT.once) return [];
  const errors: RecurrenceError[] = [];
  if (repeat === REPEAT.daily && !positive(data.recurEveryDays)) {
    errors.push({ code: 'recurEveryDaysRequired', field: 'recurEveryDays', message: 'Recur every days is required.' });
  }
  if (repeat === REPEAT.weekly) {
    if (!positive(data.recurEveryWeeks)) {
      errors.push({ code: 'recurEveryWeeksRequired', field: 'recurEveryWeeks', message: 'Recur every weeks is required.' });
    }
    if (!data.weekDays.includes(1)) {
      errors.push({ code: 'atleastOneWeekDayMustBeSelected', field: 'weekDays', message: 'At least one week day must be selected.' });
    }
  }
  if (data.type === DAY_TYPE.repeatedWithinDay) {
    const field = data.recurDurationType === 'Minutes' ? 'recurEveryMinutes' : 'recurEveryHours';
    const max = maxExecutionsPerDay(data, startTimeOfDay);
    if (max === null) errors.push({ code: 'recurEveryRequired', field, message: `Recur every ${data.recurDurationType === 'Minutes' ? 'minutes' : 'hours'} is required.` });
    if (!positive(data.executionsPerDay)) {
      errors.push({ code: 'executionsPerDayRequired', field: 'executionsPerDay', message: 'Executions per day is required.' });
    } else if (max !== null && data.executionsPerDay > max) {
      errors.push({ code: 'hash', field: 'executionsPerDay', message: maxExecutionsMessage(max) });
    }
  }
  return errors;
}

/**
 * The §4 scheduleData rules the client and the server both apply on save: recurEveryDays and recurEveryWeeks 1,
 * recurDurationType Hours, type 2 exactly when a spacing and executionsPerDay are above 0 (§3), and the unused spacing 0.
 */
export function withRecurrenceDefaults(data: ScheduleData): ScheduleData {
  const recurDurationType = data.recurDurationType ?? 'Hours';
  const recurEveryHours = recurDurationType === 'Hours' ? (data.recurEveryHours ?? 0) : 0;
  const recurEveryMinutes = recurDurationType === 'Minutes' ? (data.recurEveryMinutes ?? 0) : 0;
  const executionsPerDay = data.executionsPerDay ?? 0;
  const repeated = (recurEveryHours > 0 || recurEveryMinutes > 0) && executionsPerDay > 0;
  return {
    ...data,
    type: repeated ? DAY_TYPE.repeatedWithinDay : DAY_TYPE.oncePerDay,
    recurEveryDays: data.recurEveryDays ?? 1,
    recurEveryWeeks: data.recurEveryWeeks ?? 1,
    recurDurationType,
    recurEveryHours,
    recurEveryMinutes,
    executionsPerDay,
  };
}

/** Weekly with no day chosen preselects the start's weekday in the zone (§4); otherwise the flags stay. */
export function preselectedWeekDays(repeat: RepeatCode, startTime: number, timeZone: string, weekDays: readonly (0 | 1)[]): ScheduleData['weekDays'] {
  if (repeat !== REPEAT.weekly || weekDays.includes(1)) return [...weekDays];
  const startWeekday = weekdayOf(dayOf(zoneClock(timeZone).toWall(startTime)));
  return weekDays.map((_, index) => (index === startWeekday ? 1 : 0));
}

/**
 * The §4 end-time rule: when start is not before end (or there is no end), the end becomes start + 1 day for a one-time
 * schedule and start + 1 year for a repeating one, on the calendar of the zone (same wall-clock time). Otherwise unchanged.
 */
export function endAfterStart(repeat: RepeatCode, startTime: number, endTime: number | null, timeZone: string): number {
  if (endTime !== null && startTime < endTime) return endTime;
  const clock = zoneClock(timeZone);
  const wall = new Date(clock.toWall(startTime));
  if (repeat === REPEAT.once) wall.setUTCDate(wall.getUTCDate() + 1);
  else {
    const month = wall.getUTCMonth();
    wall.setUTCFullYear(wall.getUTCFullYear() + 1);
    // 29 February becomes 28 February of a common year (as luxon's plus({ years: 1 })), not 1 March.
    if (wall.getUTCMonth() !== month) wall.setUTCDate(0);
  }
  return clock.toInstant(wall.getTime());
}

/** A repeating recurrence reduced to day numbers and offsets in the zone's wall clock. */
interface Plan {
  clock: ZoneClock;
  startDay: number;
  /** Wall-clock time of day of the start, in ms. */
  timeOfDay: number;
  runsPerDay: number;
  spacing: number;
  isActiveFrom: (day: number) => number;
}

/**
 * Weekly counting: weeks run Sunday to Saturday (weekDays index 0 is Sunday) and week 0 is the one holding the start
 * date; a week is active when its number is a multiple of recurEveryWeeks.
 */
function weeklyNextDay(startDay: number, everyWeeks: number, weekDays: readonly number[]) {
  const anchorSunday = startDay - weekdayOf(startDay);
  return (from: number): number => {
    let day = Math.max(from, startDay);
    for (;;) {
      const week = Math.floor((day - anchorSunday) / DAYS_PER_WEEK);
      const sunday = anchorSunday + week * DAYS_PER_WEEK;
      if (week % everyWeeks !== 0) {
        day = sunday + (everyWeeks - (week % everyWeeks)) * DAYS_PER_WEEK;
        continue;
      }
      for (let weekday = day - sunday; weekday < DAYS_PER_WEEK; weekday++) {
        if (weekDays[weekday] === 1) return sunday + weekday;
      }
      day = sunday + DAYS_PER_WEEK;
    }
  };
}

/** Null when the recurrence can never run (weekly with no weekday, or a start that is not a time). */
function planOf(recurrence: Recurrence): Plan | null {
  const { scheduleData: data } = recurrence;
  if (!Number.isFinite(recurrence.startTime)) return null;
  if (recurrence.repeat === REPEAT.weekly && !data.weekDays.includes(1)) return null;
  const clock = zoneClock(recurrence.timeZone);
  const startWall = clock.toWall(recurrence.startTime);
  const startDay = dayOf(startWall);
  const timeOfDay = startWall - startDay * DAY_MS;
  const max = maxExecutionsPerDay(data, timeOfDay);
  // Type 2 without a spacing or a count runs once a day; more runs than fit before midnight are cut (§5 {hash}).
  const runsPerDay = max === null || !positive(data.executionsPerDay) ? 1 : Math.min(data.executionsPerDay, max);
  const isActiveFrom =
    recurrence.repeat === REPEAT.weekly
      ? weeklyNextDay(startDay, Math.max(1, data.recurEveryWeeks ?? 1), data.weekDays)
      : (() => {
          const everyDays = Math.max(1, data.recurEveryDays ?? 1);
          return (from: number) => startDay + Math.ceil(Math.max(0, from - startDay) / everyDays) * everyDays;
        })();
  return { clock, startDay, timeOfDay, runsPerDay, spacing: spacingMinutes(data) * MINUTE_MS, isActiveFrom };
}

/**
 * Upcoming executions of a schedule (§4 "Estimate of executions"), evaluated in the schedule's zone: each active day runs
 * at the start's wall-clock time of day, then every `spacing` of wall-clock time for type 2, up to its last run before
 * midnight, so every run falls on the calendar day (and weekday) it belongs to. Iterations count candidate
 * instants examined (within the end); when one more candidate remains after MAX_ESTIMATE_ITERATIONS, the estimate stops
 * with ITERATION_CAP_MESSAGE. Days before the lookback window are skipped arithmetically, not iterated.
 */
export function estimateExecutions(recurrence: Recurrence, now: number): Estimate {
  const { startTime } = recurrence;
  if (recurrence.repeat === REPEAT.once) return { times: startTime > now ? [startTime] : [] };
  const plan = planOf(recurrence);
  const end = recurrence.endTime ?? Math.max(now, startTime) + OPEN_END_ESTIMATE_HORIZON_MS;
  // Comparisons with NaN are all false: a NaN end or now would never stop the walk.
  if (plan === null || !(end >= startTime && end > now)) return { times: [] };
  const { clock, timeOfDay, runsPerDay, spacing } = plan;
  const times: number[] = [];
  let iterations = 0;
  for (let day = plan.isActiveFrom(dayOf(clock.toWall(now)) - LOOKBACK_DAYS); ; day = plan.isActiveFrom(day + 1)) {
    const firstRun = day * DAY_MS + timeOfDay;
    if (firstRun - MAX_UTC_OFFSET_MS > end) break;
    // Most days see no offset change: their runs convert by subtraction alone.
    const offset = clock.steadyOffset(firstRun, firstRun + (runsPerDay - 1) * spacing);
    for (let run = 0; run < runsPerDay; run++) {
      const wall = firstRun + run * spacing;
      if (wall - MAX_UTC_OFFSET_MS > end) break;
      const instant = offset === null ? clock.toInstant(wall) : wall - offset;
      if (instant > end) continue;
      if (iterations === MAX_ESTIMATE_ITERATIONS) return { times, message: ITERATION_CAP_MESSAGE };
      iterations++;
      if (instant <= now || instant < startTime) continue;
      if (times.length === 0 || instant > times[times.length - 1]!) times.push(instant);
      // Only readings shifted out of a spring-forward gap come out of order or twice, and only by the gap's length.
      else insertUnique(times, instant);
    }
  }
  return { times };
}

/** Inserts into an ascending list unless already present. */
function insertUnique(sorted: number[], time: number): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < time) low = middle + 1;
    else high = middle;
  }
  if (sorted[low] !== time) sorted.splice(low, 0, time);
}

/**
 * The first execution strictly after `after` (null when none is left), equal to the first time of
 * estimateExecutions(recurrence, after) when that has no cap message. Computed directly: the days and runs before
 * `after` are skipped by arithmetic, so the cost does not grow with the schedule's age.
 */
export function nextExecutionAfter(recurrence: Recurrence, after: number): number | null {
  const { startTime } = recurrence;
  if (recurrence.repeat === REPEAT.once) return startTime > after ? startTime : null;
  const plan = planOf(recurrence);
  const end = recurrence.endTime ?? Infinity;
  const from = Math.max(after, startTime - 1);
  if (plan === null || !(end > from)) return null;
  const { clock, timeOfDay, runsPerDay, spacing } = plan;
  // An execution after `from` shows a wall-clock time after `from` read with one of the offsets around it.
  const wallFrom = from + Math.min(clock.offsetAt(from - DAY_MS), clock.offsetAt(from), clock.offsetAt(from + DAY_MS));
  let best: number | null = null;
  // Past the best wall-clock reading, a later reading can only give an earlier instant within a spring-forward gap.
  let searchUntilWall = Infinity;
  for (let day = plan.isActiveFrom(dayOf(wallFrom) - 1); ; day = plan.isActiveFrom(day + 1)) {
    const firstRun = day * DAY_MS + timeOfDay;
    if (firstRun >= searchUntilWall || firstRun - MAX_UTC_OFFSET_MS > end) break;
    const firstUseful = spacing > 0 ? Math.max(0, Math.floor((wallFrom - firstRun) / spacing)) : 0;
    for (let run = firstUseful; run < runsPerDay; run++) {
      const wall = firstRun + run * spacing;
      if (wall >= searchUntilWall || wall - MAX_UTC_OFFSET_MS > end) break;
      const instant = clock.toInstant(wall);
      if (instant <= from || instant > end || (best !== null && instant >= best)) continue;
      best = instant;
      const gap = clock.offsetAt(instant + DAY_MS) - clock.offsetAt(instant - DAY_MS);
      searchUntilWall = wall + Math.max(gap, 0) + 1;
    }
  }
  return best;
}
