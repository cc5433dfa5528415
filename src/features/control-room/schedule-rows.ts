import { formatDate } from '../../lib/dates';
import { upsertBy } from '../../lib/lists';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { saveScheduleSchema, type SaveScheduleInput, type Schedule } from '../../shared/contracts/schedules';
import { nextExecutionAfter, withRecurrenceDefaults } from '../../shared/schedule/recurrence';
import { choiceOf, REPEAT_CHOICE_LABELS } from './schedule-form';

/** A schedule with no execution left (executionTime null) is past: it sorts after every upcoming one (part 2 §2). */
export function isPast(schedule: Pick<Schedule, 'executionTime'>): boolean {
  return schedule.executionTime === null;
}

/** The next run a row sorts by: none for a past schedule, nor for a disabled one (it will not run either). */
const upcomingRun = (schedule: Pick<Schedule, 'executionTime' | 'enabled'>): number | null => (schedule.enabled ? schedule.executionTime : null);

/** Upcoming schedules by next run, then past and disabled ones by name. */
export function sortSchedules(schedules: readonly Schedule[]): Schedule[] {
  return [...schedules].sort((a, b) => {
    const runA = upcomingRun(a);
    const runB = upcomingRun(b);
    if (runA === null || runB === null) {
      if (runA !== runB) return runA === null ? 1 : -1;
      return a.name.localeCompare(b.name);
    }
    return runA - runB;
  });
}

/** The Type column: the popup's choice of how often, with the spacing of Every few minutes or hours. */
export function repeatLabel({ repeat, scheduleData: data }: Pick<Schedule, 'repeat' | 'scheduleData'>): string {
  const choice = choiceOf({ repeat, dayType: data.type, recurDurationType: data.recurDurationType ?? 'Hours', recurEveryDays: String(data.recurEveryDays ?? 1) });
  const every = (count: number | undefined, unit: string) => (count === 1 ? `Every ${unit}` : `Every ${count ?? 0} ${unit}s`);
  if (choice === 'minutes') return every(data.recurEveryMinutes, 'minute');
  if (choice === 'hours') return every(data.recurEveryHours, 'hour');
  return REPEAT_CHOICE_LABELS[choice];
}

/** Next Run in the user's zone (luxon, medium format); a past schedule shows 'Past', a disabled one 'Disabled'. */
export function nextRunText(schedule: Pick<Schedule, 'executionTime' | 'enabled'>, zone: string): string {
  if (!schedule.enabled) return 'Disabled';
  return schedule.executionTime === null ? 'Past' : formatDate(schedule.executionTime, undefined, zone);
}

/** The Collections/Tags cell: collection names, or tag names, by the schedule's type. */
export function selectionText(schedule: Schedule, collections: readonly TestSuiteFeedItem[], tags: readonly Tag[]): string {
  if (schedule.scheduleType === 'TAG_COLLECTION') {
    return [...schedule.collectionTags, ...schedule.versionTags].map((id) => tags.find((tag) => tag.id === id)?.tagName ?? id).join(', ');
  }
  return schedule.testStatusIdList.map((id) => collections.find((collection) => collection.id === id)?.testSuiteName ?? id).join(', ');
}

/**
 * A save body from a loaded schedule with some fields changed. The server ignores the fields it keeps itself; the
 * history is left out since it can be long.
 */
export function saveBodyFromSchedule(schedule: Schedule, changes: Partial<SaveScheduleInput> = {}): SaveScheduleInput {
  const { executionHistory: _history, ...fields } = schedule;
  return { ...fields, ...changes };
}

/** Toggling drops the past execution times before saving (part 2 §4). */
export function toggledBody(schedule: Schedule, enabled: boolean, now: number): SaveScheduleInput {
  return saveBodyFromSchedule({ ...schedule, executionTimes: schedule.executionTimes.filter((time) => time > now) }, { enabled });
}

/** Duplicate: the same details as a new schedule named 'Copy of {name}' (part 2 §4). */
export function duplicateBody(schedule: Schedule, name: string): SaveScheduleInput {
  const { id: _id, ...body } = saveBodyFromSchedule(schedule, { name });
  return body;
}

/** What the server keeps itself; a schedule saved offline that the server has not seen yet starts from these. */
const UNSAVED_SCHEDULE_FIELDS = { dateCreated: 0, executionHistory: [], userId: '', clientId: '', version: 0 } satisfies Partial<Schedule>;

/**
 * The schedule as a save kept offline will make it (its row until the server answers): the saved fields over `base`
 * (the listed schedule, absent for a new one), with the next execution computed by the server's own engine. Null when
 * the body is not a valid save (the server will refuse it anyway).
 */
export function scheduleWithSave(base: Schedule | undefined, body: SaveScheduleInput & { id: string }, now: number): Schedule | null {
  const parsed = saveScheduleSchema.safeParse(body);
  if (!parsed.success) return null;
  const saved = { ...parsed.data, scheduleData: withRecurrenceDefaults(parsed.data.scheduleData) };
  const executionTime = nextExecutionAfter(saved, now);
  return {
    ...UNSAVED_SCHEDULE_FIELDS,
    dateCreated: now,
    ...base,
    ...saved,
    id: body.id,
    executionTime,
    executionTimes: executionTime === null ? [] : [executionTime],
    dateUpdated: now,
  };
}

/** The schedule list with `schedule` in it, added or replacing its row. */
export function withScheduleRow(rows: readonly Schedule[] | undefined, schedule: Schedule): Schedule[] {
  return upsertBy(rows, schedule, (row) => row.id);
}
