import { z } from 'zod';
import { RUN_STATES } from './runs';
import { FIELD_ERROR_KEYS, isValidEmailList, retriesSchema } from './collections';
import { REPEAT, repeatInputSchema, repeatSchema, scheduleDataSchema } from '../schedule/schedule-data';

/**
 * Schedules of the Control Room (spec part 2 §3, §4, §5, §7). Every time is epoch milliseconds; a schedule is
 * evaluated in `timeZone`, the IANA zone of the user who saved it.
 */
export const SCHEDULE_TYPES = ['COLLECTION', 'TAG_COLLECTION'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const DEFAULT_TASK_TYPE = 'TESTSUITE';

export const SCHEDULE_LIMITS = {
  name: 200,
  notifyEmails: 5000,
  /** waitInMinutesBeforeNotify: up to 6 digits. */
  waitMinutesMax: 999_999,
  stepTimeoutSecondsMin: 1,
  stepTimeoutSecondsMax: 600,
  /** A schedule may name at most this many collections or tags. */
  selection: 500,
  overridePairs: 100,
} as const;
export const MS_PER_SECOND = 1000;

/** Texts of spec part 2 §5 and §8 the server answers with (fieldErrors and messages). */
export const SCHEDULE_MESSAGES = {
  saved: 'Schedule Saved',
  deleted: 'Schedule Deleted',
  startingExecution: 'Starting Execution...',
  cancelled: 'Schedule Execution Cancelled',
  required: 'Required',
  onlyDigits: 'Only digit are allowed',
  upToSixDigits: 'Up to 6 digit are allowed',
  stepTimeoutRange: 'timeout must be between 1 to 600 (seconds)',
  /** The spec names this error by its key only. */
  atleastOneWeekDayMustBeSelected: 'atleastOneWeekDayMustBeSelected',
  endNotAfterStart: 'The end time must be after the start time',
  selectCollections: 'Select at least one collection or tag',
  unknownTimeZone: 'Unknown time zone: use an IANA name such as Europe/Paris',
  notFound: (id: string) => `Schedule ${id} not found`,
  queuedNotFound: (id: string) => `Queued schedule ${id} not found`,
  executionNotFound: (id: string) => `Schedule execution ${id} not found`,
  collectionsNotFound: (ids: readonly string[]) => `Collections not found: ${ids.join(', ')}`,
  noCollections: 'The schedule selects no collection to run',
  /** Recorded in the execution history; the mail to the schedule's notify list goes through the mail outbox. */
  waitedInQueue: (collection: string, minutes: number) => `Notification: ${collection} has waited more than ${minutes} minute(s) in the queue`,
  /** Neutral: a stretch without ticks may be a server that was down or one too busy to fire in time. */
  missed: 'Missed: not fired at the planned time (the server was down or too busy)',
  caughtUp: 'Fired late: the server was down or too busy at the planned time',
  collectionGone: (id: string) => `Collection ${id} no longer exists: skipped`,
} as const;

/** Zones already accepted: building a DateTimeFormat costs far more than a lookup, and stored schedules repeat few zones. */
const knownZones = new Set<string>(['UTC']);
const isIanaZone = (zone: string): boolean => {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
};

export const timeZoneSchema = z.string().trim().min(1).max(100).refine(isIanaZone, SCHEDULE_MESSAGES.unknownTimeZone);

const epochMs = z.number().int().min(0).max(8_640_000_000_000);
const idList = z.array(z.string().min(1).max(64)).max(SCHEDULE_LIMITS.selection);

/** One side of an override pair: a resource, or (useVariable) a resource variable. */
export const overrideDeviceSchema = z.object({
  deviceId: z.string().max(200).default(''),
  deviceType: z.string().max(50).default(''),
  useVariable: z.boolean().default(false),
  variableId: z.string().max(64).nullable().default(null),
});
export type OverrideDevice = z.infer<typeof overrideDeviceSchema>;

export const overrideResourceSchema = z.object({ currentDevice: overrideDeviceSchema, newDevice: overrideDeviceSchema });
export type OverrideResource = z.infer<typeof overrideResourceSchema>;

/** Executable test suite (§3): one suite name, its versions keyed by version tag id ('' = no version). */
export const executableVersionSchema = z.object({ statusId: z.string(), collectionTags: z.array(z.string()) });
export const executableTestSuiteSchema = z.object({
  testSuiteName: z.string(),
  versionTags: z.record(z.string(), executableVersionSchema),
});
export type ExecutableTestSuite = z.infer<typeof executableTestSuiteSchema>;

/** Runtime configuration (§2 Runtime Configuration modal): stepTimeout in milliseconds (seconds x 1000). */
export const runtimeConfigurationShape = {
  inOrder: z.boolean().default(false),
  notifyOnWaitInQueue: z.boolean().default(false),
  waitInMinutesBeforeNotify: z.number().int().nullable().default(null),
  overrideResources: z.boolean().default(false),
  overrideResourcesList: z.array(overrideResourceSchema).max(SCHEDULE_LIMITS.overridePairs).default([]),
  overrideStepTimeout: z.boolean().default(false),
  stepTimeout: z.number().int().nullable().default(null),
  overrideDataSource: z.boolean().default(false),
  dataSourceVariableId: z.string().max(64).nullable().default(null),
  dataSourceRowNo: z.number().int().min(0).nullable().default(null),
  /** Retries of a failed flow for this schedule's runs (issue 29); null (or absent) keeps each collection's own. */
  retries: retriesSchema.nullable().default(null),
};

type RuntimeConfiguration = z.infer<z.ZodObject<typeof runtimeConfigurationShape>>;
type RuntimeField = 'waitInMinutesBeforeNotify' | 'stepTimeout' | 'dataSourceVariableId';

/**
 * The rules of §4/§5 for the overrides that are on (an override that is off is not checked): a 6-digit wait, a step
 * timeout of 1 to 600 s (stored in ms, so a whole number of seconds), a data source variable.
 */
export function runtimeConfigurationErrors(config: RuntimeConfiguration): Partial<Record<RuntimeField, string>> {
  const errors: Partial<Record<RuntimeField, string>> = {};
  const wait = config.waitInMinutesBeforeNotify;
  if (config.notifyOnWaitInQueue) {
    if (wait === null) errors.waitInMinutesBeforeNotify = SCHEDULE_MESSAGES.required;
    else if (wait < 0) errors.waitInMinutesBeforeNotify = SCHEDULE_MESSAGES.onlyDigits;
    else if (wait > SCHEDULE_LIMITS.waitMinutesMax) errors.waitInMinutesBeforeNotify = SCHEDULE_MESSAGES.upToSixDigits;
  }
  const timeout = config.stepTimeout;
  if (config.overrideStepTimeout) {
    if (timeout === null) errors.stepTimeout = SCHEDULE_MESSAGES.required;
    else if (
      timeout % MS_PER_SECOND !== 0 ||
      timeout < SCHEDULE_LIMITS.stepTimeoutSecondsMin * MS_PER_SECOND ||
      timeout > SCHEDULE_LIMITS.stepTimeoutSecondsMax * MS_PER_SECOND
    ) {
      errors.stepTimeout = SCHEDULE_MESSAGES.stepTimeoutRange;
    }
  }
  if (config.overrideDataSource && !config.dataSourceVariableId?.trim()) errors.dataSourceVariableId = SCHEDULE_MESSAGES.required;
  return errors;
}

const HISTORY_KINDS = ['SCHEDULED', 'RUN_NOW', 'CATCH_UP', 'MISSED'] as const;
export const EXECUTION_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'MISSED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** One firing of a schedule (executionHistory entry); notes hold notifications and runtime-configuration remarks. */
export const scheduleExecutionSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  kind: z.enum(HISTORY_KINDS),
  /** The planned instant; null for Run Now. */
  plannedAt: epochMs.nullable(),
  triggeredAt: epochMs,
  status: z.enum(EXECUTION_STATUSES),
  totalCollections: z.number().int(),
  notes: z.array(z.object({ at: epochMs, text: z.string() })),
});
export type ScheduleExecution = z.infer<typeof scheduleExecutionSchema>;

/** The Schedule entity of §3 as the server answers it. */
export const scheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  repeat: repeatSchema,
  startTime: epochMs,
  /** null for One Time. */
  endTime: epochMs.nullable(),
  /** The next execution, or null when none is left (a past schedule). */
  executionTime: epochMs.nullable(),
  /** Upcoming executions (future only, capped like the estimate). */
  executionTimes: z.array(epochMs),
  taskType: z.string(),
  taskId: z.string(),
  deviceType: z.string(),
  scheduleNotifyEmails: z.string(),
  dateCreated: epochMs,
  dateUpdated: epochMs,
  /** getSchedule/{id} carries the latest 100 firings, newest first; getSchedules leaves it empty (polled every 5 s). */
  executionHistory: z.array(scheduleExecutionSchema),
  userId: z.string(),
  clientId: z.string(),
  /** Counts saves. */
  version: z.number().int(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  collectionTags: z.array(z.string()),
  versionTags: z.array(z.string()),
  testStatusIdList: z.array(z.string()),
  customCollections: z.boolean(),
  customTestStatusIdList: z.array(z.string()),
  tagCollectionData: z.array(executableTestSuiteSchema),
  scheduleData: scheduleDataSchema,
  timeZone: z.string(),
  inOrder: z.boolean(),
  notifyOnWaitInQueue: z.boolean(),
  waitInMinutesBeforeNotify: z.number().int().nullable(),
  overrideResources: z.boolean(),
  overrideResourcesList: z.array(overrideResourceSchema),
  overrideStepTimeout: z.boolean(),
  stepTimeout: z.number().int().nullable(),
  overrideDataSource: z.boolean(),
  dataSourceVariableId: z.string().nullable(),
  dataSourceRowNo: z.number().int().nullable(),
  /** Retries of a failed flow for its runs; null: each collection's own (a schedule saved before issue 29 has none). */
  retries: z.number().int().nullable().default(null),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** 'TAG' (seen in some screens) means TAG_COLLECTION. */
const scheduleTypeInput = z.preprocess((value) => (value === 'TAG' ? 'TAG_COLLECTION' : value), z.enum(SCHEDULE_TYPES));

/**
 * POST saveSchedule: without id (or id '') creates, with an id updates. Server-kept fields (executionTime,
 * executionTimes, dates, history, userId, clientId, version) may be sent back as received and are ignored: the
 * server recomputes the executions from the recurrence. The cross-field rules of §5 are checked by the server and
 * answered as fieldErrors with the SCHEDULE_MESSAGES texts.
 */
export const saveScheduleSchema = z.object({
  id: z.string().max(64).optional(),
  name: z
    .string()
    .trim()
    .min(1, { message: SCHEDULE_MESSAGES.required, abort: true })
    .max(SCHEDULE_LIMITS.name, FIELD_ERROR_KEYS.maxLength),
  enabled: z.boolean().default(true),
  repeat: repeatInputSchema,
  startTime: epochMs,
  endTime: epochMs.nullable().default(null),
  taskType: z.string().max(50).default(DEFAULT_TASK_TYPE),
  taskId: z.string().max(64).default(''),
  deviceType: z.string().max(50).default(''),
  scheduleNotifyEmails: z
    .string()
    .max(SCHEDULE_LIMITS.notifyEmails, FIELD_ERROR_KEYS.maxLength)
    .default('')
    .refine(isValidEmailList, FIELD_ERROR_KEYS.multiEmail),
  scheduleType: scheduleTypeInput,
  collectionTags: idList.default([]),
  versionTags: idList.default([]),
  testStatusIdList: idList.default([]),
  customCollections: z.boolean().default(false),
  customTestStatusIdList: idList.default([]),
  tagCollectionData: z.array(executableTestSuiteSchema).max(SCHEDULE_LIMITS.selection).default([]),
  scheduleData: scheduleDataSchema,
  timeZone: timeZoneSchema,
  ...runtimeConfigurationShape,
}).superRefine((schedule, ctx) => {
  for (const [field, message] of Object.entries(runtimeConfigurationErrors(schedule))) ctx.addIssue({ code: 'custom', path: [field], message });
  const nothingChosen =
    schedule.scheduleType === 'COLLECTION'
      ? schedule.testStatusIdList.length === 0
      : (schedule.collectionTags.length === 0 && schedule.versionTags.length === 0) ||
        (schedule.customCollections && schedule.customTestStatusIdList.length === 0);
  if (nothingChosen) ctx.addIssue({ code: 'custom', path: ['testStatusIdList'], message: SCHEDULE_MESSAGES.selectCollections });
  if (schedule.repeat !== REPEAT.once && (schedule.endTime === null || schedule.endTime <= schedule.startTime)) {
    const message = schedule.endTime === null ? SCHEDULE_MESSAGES.required : SCHEDULE_MESSAGES.endNotAfterStart;
    ctx.addIssue({ code: 'custom', path: ['endTime'], message });
  }
});
export type SaveScheduleInput = z.input<typeof saveScheduleSchema>;
export type SaveSchedule = z.infer<typeof saveScheduleSchema>;

/** PUT deleteSchedule and PUT runNow: `{ id }`. */
export const scheduleIdBodySchema = z.object({ id: z.string().trim().min(1).max(64) });

/** Queued schedule (§3): one firing whose collections have not all left the queue. */
export const queuedScheduleSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  scheduleExecutionHistoryId: z.string(),
  name: z.string(),
  collectionTags: z.array(z.string()),
  versionTags: z.array(z.string()),
  /** Collections still queued or waiting for their turn (in order). */
  collectionsInQueue: z.number().int(),
  totalCollections: z.number().int(),
  /** When the firing happened (Time Triggered). */
  startTime: epochMs,
});
export type QueuedSchedule = z.infer<typeof queuedScheduleSchema>;

/** PENDING: waiting for its turn (in order); SKIPPED: never queued (cancelled first, or the collection is gone). */
export const SCHEDULE_ITEM_RESULTS = [...RUN_STATES, 'PENDING', 'SKIPPED'] as const;
export type ScheduleItemResult = (typeof SCHEDULE_ITEM_RESULTS)[number];

/** Test suite execution row (§3) of the Collection Execution modal: one collection of one firing. */
export const testSuiteExecutionSchema = z.object({
  /** The run's status id; null while the collection is PENDING or was SKIPPED. */
  id: z.string().nullable(),
  position: z.number().int(),
  collectionId: z.string(),
  testSuiteName: z.string(),
  /** The version tag id of the collection, or null. */
  versionTag: z.string().nullable(),
  userTriggeredName: z.string(),
  userCancelledName: z.string().nullable(),
  result: z.enum(SCHEDULE_ITEM_RESULTS),
  /** Resource ids mapped to their display names. */
  devices: z.record(z.string(), z.string()),
  timeStarted: epochMs.nullable(),
  timeCompleted: epochMs.nullable(),
  /** timeCompleted minus timeStarted, in ms. */
  duration: z.number().int().nullable(),
});
export type TestSuiteExecution = z.infer<typeof testSuiteExecutionSchema>;

/** A resource the schedule's collections ask for (getDevices/{id}): the choices for currentDevice of an override. */
export const scheduleDeviceSchema = z.object({
  deviceId: z.string(),
  deviceType: z.string(),
  deviceName: z.string(),
  /** Ids of the schedule's collections that use it. */
  testStatusIds: z.array(z.string()),
});
export type ScheduleDevice = z.infer<typeof scheduleDeviceSchema>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

export const scheduleListResponseSchema = envelope(z.array(scheduleSchema));
export const scheduleResponseSchema = envelope(scheduleSchema);
export const scheduleMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export const runNowResponseSchema = envelope(z.object({ scheduleExecutionHistoryId: z.string() }));
export const scheduleDevicesResponseSchema = envelope(z.array(scheduleDeviceSchema));
export const scheduleQueueResponseSchema = envelope(z.array(queuedScheduleSchema));
export const executableTestSuitesResponseSchema = envelope(z.array(executableTestSuiteSchema));
export const scheduleExecutionDetailsResponseSchema = envelope(
  z.object({ execution: scheduleExecutionSchema, scheduleName: z.string(), collections: z.array(testSuiteExecutionSchema) }),
);

/** Report zip names of §7. */
export function scheduleReportFileName(schedule?: { name: string; id: string }): string {
  return schedule ? `${schedule.name}-${schedule.id}-schedule-summary-report.zip` : 'schedule-summary-report.zip';
}
