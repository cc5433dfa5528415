import { formatDate } from '../../lib/dates';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import type { SaveScheduleInput, Schedule } from '../../shared/contracts/schedules';
import { REPEAT_OPTIONS } from './schedule-form';

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

export function repeatLabel(schedule: Pick<Schedule, 'repeat'>): string {
  return REPEAT_OPTIONS.find((option) => option.id === String(schedule.repeat))?.label ?? '';
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
