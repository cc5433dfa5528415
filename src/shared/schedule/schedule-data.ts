import { z } from 'zod';

/** Repeat codes of part 2 §3: 0 one time, 1 daily, 2 weekly. */
export const REPEAT = { once: 0, daily: 1, weekly: 2 } as const;
export type RepeatCode = (typeof REPEAT)[keyof typeof REPEAT];

/** Run-each-day type codes: 1 once per day, 2 repeated within the day. */
export const DAY_TYPE = { oncePerDay: 1, repeatedWithinDay: 2 } as const;

export const RECUR_DURATION_TYPES = ['Hours', 'Minutes'] as const;
export type RecurDurationType = (typeof RECUR_DURATION_TYPES)[number];

export const MAX_ESTIMATE_ITERATIONS = 200000;
export const ITERATION_CAP_MESSAGE = `Maximum iteration limit of ${MAX_ESTIMATE_ITERATIONS} is exceeded, so remaining executions are skipped`;

/** scheduleData of part 2 §3. weekDays holds 7 flags (0/1), index 0 is Sunday. */
export const scheduleDataSchema = z.object({
  type: z.union([z.literal(DAY_TYPE.oncePerDay), z.literal(DAY_TYPE.repeatedWithinDay)]),
  recurEveryDays: z.number().int().min(1).optional(),
  recurEveryWeeks: z.number().int().min(1).optional(),
  weekDays: z.array(z.union([z.literal(0), z.literal(1)])).length(7),
  recurDurationType: z.enum(RECUR_DURATION_TYPES).optional(),
  recurEveryHours: z.number().int().min(0).optional(),
  recurEveryMinutes: z.number().int().min(0).optional(),
  executionsPerDay: z.number().int().min(0).optional(),
});
export type ScheduleData = z.infer<typeof scheduleDataSchema>;

export const repeatSchema = z.union([z.literal(REPEAT.once), z.literal(REPEAT.daily), z.literal(REPEAT.weekly)]);
/** Request bodies: some screens send any repeat other than 0 or 1 for weekly (§3), so whole numbers above 2 read as 2. */
export const repeatInputSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) && value > REPEAT.weekly ? REPEAT.weekly : value),
  repeatSchema,
);

/** What the recurrence engine needs to place executions: times are epoch ms, evaluated in `timeZone` (IANA). */
export interface Recurrence {
  repeat: RepeatCode;
  startTime: number;
  endTime: number | null;
  scheduleData: ScheduleData;
  timeZone: string;
}
