/**
 * Recurrence engine benchmark (issue 4): the median time of an estimate that stops at the 200000-iteration cap (a
 * schedule every minute, all day, for two years in Europe/Berlin, so DST changes are crossed), and the median cost of
 * nextExecutionAfter across varied schedules. Prints `estimate-at-cap-median: N ms` and `next-execution-median: N µs`.
 * Run alone with `node --import tsx tests/bench/recurrence.ts`.
 */
import { pathToFileURL } from 'node:url';
import { estimateExecutions, nextExecutionAfter } from '../../src/shared/schedule/recurrence';
import { DAY_TYPE, ITERATION_CAP_MESSAGE, REPEAT, type Recurrence } from '../../src/shared/schedule/schedule-data';
import { median } from './figures';

const ESTIMATE_RUNS = 21;
const WARM_UP_RUNS = 3;
const NEXT_CALLS = 10_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const ESTIMATE_AT_CAP_BUDGET_MS = 30;

export interface RecurrenceBench {
  estimateAtCapMedianMs: number;
  nextExecutionMedianUs: number;
}

const START = Date.UTC(2026, 0, 1, 6, 0);
/** 2026-01-01 00:00 in Europe/Berlin: from midnight all 1440 runs of a day fit (§5 {hash}). */
const BERLIN_MIDNIGHT = Date.UTC(2025, 11, 31, 23, 0);

const everyMinute: Recurrence = {
  repeat: REPEAT.daily,
  startTime: BERLIN_MIDNIGHT,
  endTime: BERLIN_MIDNIGHT + 2 * 365 * DAY_MS,
  timeZone: 'Europe/Berlin',
  scheduleData: {
    type: DAY_TYPE.repeatedWithinDay,
    recurEveryDays: 1,
    weekDays: [0, 0, 0, 0, 0, 0, 0],
    recurDurationType: 'Minutes',
    recurEveryHours: 0,
    recurEveryMinutes: 1,
    executionsPerDay: 1440,
  },
};

/** The kinds of schedule a scheduler holds: daily, weekly, hourly and every few minutes, in several zones. */
function variedSchedules(): Recurrence[] {
  const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'];
  return Array.from({ length: 100 }, (_, index) => ({
    repeat: index % 2 ? REPEAT.weekly : REPEAT.daily,
    startTime: START + index * 37 * MINUTE_MS,
    endTime: null,
    timeZone: zones[index % zones.length] ?? 'UTC',
    scheduleData: {
      type: index % 3 ? DAY_TYPE.repeatedWithinDay : DAY_TYPE.oncePerDay,
      recurEveryDays: 1 + (index % 3),
      recurEveryWeeks: 1 + (index % 2),
      weekDays: [0, 1, 0, 1, 0, 1, 0],
      recurDurationType: index % 2 ? 'Hours' : 'Minutes',
      recurEveryHours: index % 2 ? 2 : 0,
      recurEveryMinutes: index % 2 ? 0 : 15,
      executionsPerDay: 8,
    },
  }));
}

export function runRecurrenceBench(print: (line: string) => void = console.log): RecurrenceBench {
  const now = BERLIN_MIDNIGHT - 1;
  const estimateTimes: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS + ESTIMATE_RUNS; run++) {
    const started = performance.now();
    const estimate = estimateExecutions(everyMinute, now);
    const elapsed = performance.now() - started;
    if (estimate.message !== ITERATION_CAP_MESSAGE) throw new Error('The bench estimate did not reach the iteration cap');
    if (run >= WARM_UP_RUNS) estimateTimes.push(elapsed);
  }

  const schedules = variedSchedules();
  const nextTimes: number[] = [];
  for (let call = 0; call < NEXT_CALLS; call++) {
    const schedule = schedules[call % schedules.length] ?? everyMinute;
    const after = START + ((call * 7919) % 400) * DAY_MS + ((call * 104729) % DAY_MS);
    const started = performance.now();
    nextExecutionAfter(schedule, after);
    nextTimes.push((performance.now() - started) * 1000);
  }

  const result = { estimateAtCapMedianMs: median(estimateTimes), nextExecutionMedianUs: median(nextTimes) };
  print(`estimate-at-cap-median: ${result.estimateAtCapMedianMs.toFixed(1)} ms`);
  print(`next-execution-median: ${result.nextExecutionMedianUs.toFixed(1)} µs`);
  print(`budget-estimate-at-cap: ${ESTIMATE_AT_CAP_BUDGET_MS} ms`);
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { estimateAtCapMedianMs } = runRecurrenceBench();
  process.exit(estimateAtCapMedianMs > ESTIMATE_AT_CAP_BUDGET_MS ? 1 : 0);
}
