import { DateTime, Duration } from 'luxon';
import { multiEmail } from '../../lib/validators';
import type { TestSuiteFeedItem } from '../../shared/contracts/collections';
import type { ExecutableTestSuite, SaveScheduleInput, Schedule } from '../../shared/contracts/schedules';
import { commaSeparatedEmails } from '../../shared/schedule/notify-emails';
import { endAfterStart, maxExecutionsPerDay, preselectedWeekDays, recurrenceErrors, spacingMinutes, timeOfDayIn, withRecurrenceDefaults } from '../../shared/schedule/recurrence';
import { DAY_TYPE, REPEAT, type RecurDurationType, type Recurrence, type RepeatCode, type ScheduleData } from '../../shared/schedule/schedule-data';
import { tagCollectionDataOf } from '../../shared/schedule/tag-collection-data';
import {
  collectionsMatchingTags,
  emptySelectorValue,
  selectedCollectionIds,
  selectionError,
  type CollectionSelectorValue,
} from '../../ui/CollectionTagSelector/selector-value';
import { CONTROL_ROOM_MESSAGES as M } from './control-room-messages';
import { EMPTY_RUNTIME_OPTIONS, runtimeConfigurationOf, runtimeErrors, runtimeOptionsOf, type RuntimeErrors, type RuntimeOptions } from './runtime-options';

/** The value format of the date-time pickers: local wall-clock time in the user's zone. */
export const PICKER_FORMAT = "yyyy-MM-dd'T'HH:mm";

export type WeekDayFlags = readonly (0 | 1)[];

/** The schedule popup's state (part 2 §2 Schedule form); numbers are kept as typed so that §5 can say what is wrong. */
export interface ScheduleForm {
  name: string;
  /** The popup's one choice of how often (issue 27); `repeat` and the recurrence fields follow from it. */
  choice: RepeatChoice;
  repeat: RepeatCode;
  start: string;
  end: string;
  recurEveryDays: string;
  recurEveryWeeks: string;
  weekDays: WeekDayFlags;
  /** Run-each-day type: 1 once per day, 2 repeated within the day. */
  dayType: ScheduleData['type'];
  recurDurationType: RecurDurationType;
  /** Hours or minutes between the runs of one day, by recurDurationType. */
  recurEvery: string;
  executionsPerDay: string;
  /** executionsPerDay follows what fits between the start's time of day and midnight, until the user types one. */
  runsPerDayFitsDay: boolean;
  scheduleNotifyEmails: string;
  selector: CollectionSelectorValue;
  runtime: RuntimeOptions;
}

export type ScheduleField =
  | 'name'
  | 'start'
  | 'end'
  | 'recurEveryDays'
  | 'recurEveryWeeks'
  | 'weekDays'
  | 'recurEvery'
  | 'executionsPerDay'
  | 'scheduleNotifyEmails'
  | 'selector';

export type ScheduleFormErrors = Partial<Record<ScheduleField, string>> & { runtime?: RuntimeErrors };

/**
 * The popup's choices of how often, one each for the common cases (issue 27). Every few minutes and Every few hours are
 * Daily, every day, repeated within the day (spec part 2 §3 scheduleData type 2); Daily and Weekly keep the choice of
 * one run or several a day for the other combinations.
 */
export const REPEAT_CHOICES = ['once', 'minutes', 'hours', 'daily', 'weekly'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];
export const REPEAT_CHOICE_LABELS: Record<RepeatChoice, string> = {
  once: 'One Time',
  minutes: 'Every few minutes',
  hours: 'Every few hours',
  daily: 'Daily',
  weekly: 'Weekly',
};
/** The spacing a choice starts with when the form had none of its unit. */
export const DEFAULT_SPACING: Record<'minutes' | 'hours', string> = { minutes: '15', hours: '1' };

/** The choice a saved schedule reads as: a daily one repeated within every day is Every few minutes or hours. */
export function choiceOf(form: Pick<ScheduleForm, 'repeat' | 'dayType' | 'recurDurationType' | 'recurEveryDays'>): RepeatChoice {
  if (form.repeat === REPEAT.once) return 'once';
  if (form.repeat === REPEAT.weekly) return 'weekly';
  if (form.dayType === DAY_TYPE.repeatedWithinDay && form.recurEveryDays === '1') return form.recurDurationType === 'Minutes' ? 'minutes' : 'hours';
  return 'daily';
}

export const WEEK_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const NO_WEEK_DAYS: WeekDayFlags = [0, 0, 0, 0, 0, 0, 0];
const DIGITS = /^\d+$/;

/** The user's IANA time zone: the schedule is saved with it and evaluated in it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function toPickerValue(epochMs: number | null | undefined, zone: string): string {
  return epochMs === null || epochMs === undefined ? '' : DateTime.fromMillis(epochMs, { zone }).toFormat(PICKER_FORMAT);
}

export function fromPickerValue(value: string, zone: string): number | null {
  if (value === '') return null;
  const parsed = DateTime.fromFormat(value, PICKER_FORMAT, { zone });
  return parsed.isValid ? parsed.toMillis() : null;
}

/** A new schedule starts at the next whole hour, once. */
export function emptyScheduleForm(now: number, zone: string): ScheduleForm {
  const start = DateTime.fromMillis(now, { zone }).startOf('hour').plus({ hours: 1 });
  return {
    name: '',
    choice: 'once',
    repeat: REPEAT.once,
    start: start.toFormat(PICKER_FORMAT),
    end: start.plus({ days: 1 }).toFormat(PICKER_FORMAT),
    recurEveryDays: '1',
    recurEveryWeeks: '1',
    weekDays: NO_WEEK_DAYS,
    dayType: DAY_TYPE.oncePerDay,
    recurDurationType: 'Hours',
    recurEvery: '',
    executionsPerDay: '',
    runsPerDayFitsDay: true,
    scheduleNotifyEmails: '',
    selector: emptySelectorValue('COLLECTION'),
    runtime: EMPTY_RUNTIME_OPTIONS,
  };
}

const isCount = (value: string) => DIGITS.test(value) && Number(value) >= 1;

/** The scheduleData the form stands for (with Hours the minutes are 0, with Minutes the hours are 0, §4). */
export function scheduleDataOf(form: ScheduleForm): ScheduleData {
  const repeated = form.dayType === DAY_TYPE.repeatedWithinDay;
  const every = repeated && DIGITS.test(form.recurEvery) ? Number(form.recurEvery) : 0;
  return {
    type: form.dayType,
    recurEveryDays: isCount(form.recurEveryDays) ? Number(form.recurEveryDays) : 1,
    recurEveryWeeks: isCount(form.recurEveryWeeks) ? Number(form.recurEveryWeeks) : 1,
    weekDays: [...form.weekDays],
    recurDurationType: form.recurDurationType,
    recurEveryHours: form.recurDurationType === 'Hours' ? every : 0,
    recurEveryMinutes: form.recurDurationType === 'Minutes' ? every : 0,
    executionsPerDay: repeated && DIGITS.test(form.executionsPerDay) ? Number(form.executionsPerDay) : 0,
  };
}

export function recurrenceOf(form: ScheduleForm, zone: string): Recurrence | null {
  const startTime = fromPickerValue(form.start, zone);
  if (startTime === null) return null;
  return {
    repeat: form.repeat,
    startTime,
    endTime: form.repeat === REPEAT.once ? null : fromPickerValue(form.end, zone),
    scheduleData: scheduleDataOf(form),
    timeZone: zone,
  };
}

function countError(value: string): string | null {
  if (value.trim() === '') return M.required;
  if (!DIGITS.test(value)) return M.onlyDigits;
  return Number(value) >= 1 ? null : M.atLeastOne;
}

/** The popup needs at least one collection; the rule is the selector's own, so the selector shows the one error. */
export const SCHEDULE_SELECTION_LIMITS = { minSelection: 1 } as const;

/** Tags mode without a tag or version: the selector lists every collection, but a tag schedule needs a tag (§5, server too). */
export function isMissingTags(selector: CollectionSelectorValue): boolean {
  return selector.optionType === 'TAG' && selector.collectionTags.length === 0 && selector.versionTags.length === 0;
}

/** Why the selector's value cannot be saved (a missing tag, else the selector's rule with its tag filter applied), or null. */
function scheduleSelectionError(selector: CollectionSelectorValue, suites: readonly TestSuiteFeedItem[]): string | null {
  if (isMissingTags(selector)) return M.selectTag;
  return selectionError(selector, collectionsMatchingTags(suites, selector), SCHEDULE_SELECTION_LIMITS);
}

/** The collections the selector's value stands for now (tags applied to `suites`). */
export function chosenCollectionIds(selector: CollectionSelectorValue, suites: readonly TestSuiteFeedItem[]): string[] {
  return selectedCollectionIds(selector, collectionsMatchingTags(suites, selector));
}

/**
 * The errors of §5 (runtime ones under `runtime`); an empty object means the form can be saved. `suites` are the
 * collections the selector offers (its tag filter applies to them).
 */
export function scheduleFormErrors(form: ScheduleForm, now: number, zone: string, suites: readonly TestSuiteFeedItem[]): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  if (form.name.trim() === '') errors.name = M.required;
  const start = fromPickerValue(form.start, zone);
  const end = fromPickerValue(form.end, zone);
  if (start === null) errors.start = M.required;
  else if (form.repeat === REPEAT.once && start <= now) errors.start = M.startInPast;
  if (form.repeat !== REPEAT.once) {
    if (end === null) errors.end = M.required;
    else if (start !== null && end <= start) errors.end = M.endBeforeStart;
    const everyError = form.repeat === REPEAT.daily ? countError(form.recurEveryDays) : countError(form.recurEveryWeeks);
    if (everyError) errors[form.repeat === REPEAT.daily ? 'recurEveryDays' : 'recurEveryWeeks'] = everyError;
    const recurEveryError = form.dayType === DAY_TYPE.repeatedWithinDay ? countError(form.recurEvery) : null;
    if (recurEveryError) errors.recurEvery = recurEveryError;
    const runsError = form.dayType === DAY_TYPE.repeatedWithinDay ? countError(form.executionsPerDay) : null;
    if (runsError) errors.executionsPerDay = runsError;
    // The week day and {hash} rules are the recurrence engine's, shared with the server. Without a start, midnight
    // (the most room in a day) keeps the {hash} check from reporting more than the missing start.
    for (const error of recurrenceErrors(form.repeat, scheduleDataOf(form), start === null ? 0 : timeOfDayIn(start, zone))) {
      if (error.code === 'atleastOneWeekDayMustBeSelected') errors.weekDays = error.message;
      if (error.code === 'hash' && !errors.executionsPerDay && !errors.recurEvery) errors.executionsPerDay = error.message;
    }
  }
  if (multiEmail(form.scheduleNotifyEmails)) errors.scheduleNotifyEmails = M.invalidEmails;
  const selectorError = scheduleSelectionError(form.selector, suites);
  if (selectorError) errors.selector = selectorError;
  const runtime = runtimeErrors(form.runtime);
  if (Object.keys(runtime).length > 0) errors.runtime = runtime;
  return errors;
}

export function hasErrors(errors: ScheduleFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Weekly with no day chosen preselects the start's weekday (§4). */
export function withRepeat(form: ScheduleForm, repeat: RepeatCode, zone: string): ScheduleForm {
  const start = fromPickerValue(form.start, zone);
  if (start === null) return { ...form, repeat };
  return { ...form, repeat, weekDays: preselectedWeekDays(repeat, start, zone, form.weekDays) };
}

/** Which of the start and end a choice may set to its own default: those the user has not set. */
export interface ChoiceDefaults {
  start: boolean;
  end: boolean;
}

/**
 * The form with a new choice of how often (issue 27), mapped onto the spec's fields: repeat, recurEveryDays, the
 * run-each-day type and the spacing. Every few minutes or hours start at the beginning of today, so that a day's runs
 * cover the whole day, and the others at the next whole hour, unless the user set the start; a repeating choice ends a
 * year after the start (the §4 span of a repeating schedule) unless the user set the end. executionsPerDay follows the
 * day (see withFittedRuns).
 */
export function withChoice(form: ScheduleForm, choice: RepeatChoice, zone: string, now: number, defaults: ChoiceDefaults): ScheduleForm {
  const today = DateTime.fromMillis(now, { zone });
  const defaultStart = choice === 'minutes' || choice === 'hours' ? today.startOf('day') : today.startOf('hour').plus({ hours: 1 });
  const start = defaults.start ? defaultStart.toFormat(PICKER_FORMAT) : form.start;
  const startTime = fromPickerValue(start, zone);
  const end =
    defaults.end && choice !== 'once' && startTime !== null ? DateTime.fromMillis(startTime, { zone }).plus({ years: 1 }).toFormat(PICKER_FORMAT) : form.end;
  const base: ScheduleForm = { ...form, choice, start, end };
  if (choice === 'minutes' || choice === 'hours') {
    const recurDurationType = choice === 'minutes' ? 'Minutes' : 'Hours';
    const keepsSpacing = form.dayType === DAY_TYPE.repeatedWithinDay && form.recurDurationType === recurDurationType && form.recurEvery !== '';
    return withFittedRuns(
      { ...base, repeat: REPEAT.daily, recurEveryDays: '1', dayType: DAY_TYPE.repeatedWithinDay, recurDurationType, recurEvery: keepsSpacing ? form.recurEvery : DEFAULT_SPACING[choice] },
      zone,
    );
  }
  const repeat = choice === 'once' ? REPEAT.once : choice === 'daily' ? REPEAT.daily : REPEAT.weekly;
  // Daily and Weekly run once a day unless they came from each other with several runs a day.
  const dayType = (form.choice === 'daily' || form.choice === 'weekly') && choice !== 'once' ? form.dayType : DAY_TYPE.oncePerDay;
  return withFittedRuns(withRepeat({ ...base, dayType }, repeat, zone), zone);
}

/** The most runs a day holds from the start's time of day (the §5 {hash} bound), or null while that is unknown. */
function runsThatFit(form: ScheduleForm, zone: string): number | null {
  const start = fromPickerValue(form.start, zone);
  if (start === null || form.dayType !== DAY_TYPE.repeatedWithinDay || !isCount(form.recurEvery)) return null;
  return maxExecutionsPerDay(scheduleDataOf(form), timeOfDayIn(start, zone));
}

/** While runsPerDayFitsDay holds, executionsPerDay is as many runs as fit the day ("default to what fits the day"). */
export function withFittedRuns(form: ScheduleForm, zone: string): ScheduleForm {
  if (!form.runsPerDayFitsDay) return form;
  const fit = runsThatFit(form, zone);
  return fit === null || String(fit) === form.executionsPerDay ? form : { ...form, executionsPerDay: String(fit) };
}

/** A day's runs as the popup describes them: first and last time of day (HH:mm) and how many fit at most. */
export interface DayWindow {
  first: string;
  last: string;
  runs: number;
  fit: number;
}

/** The day's runs of a form repeated within the day, or null while its timing is not valid. */
export function dayWindowOf(form: ScheduleForm, zone: string): DayWindow | null {
  const fit = runsThatFit(form, zone);
  const start = fromPickerValue(form.start, zone);
  if (fit === null || start === null) return null;
  const runs = isCount(form.executionsPerDay) ? Math.min(Number(form.executionsPerDay), fit) : fit;
  // Runs are spaced in wall-clock time from the start's time of day (the recurrence engine's rule).
  const first = timeOfDayIn(start, zone);
  const last = first + (runs - 1) * spacingMinutes(scheduleDataOf(form)) * 60_000;
  const clock = (msOfDay: number) => Duration.fromMillis(msOfDay).toFormat('hh:mm');
  return { first: clock(first), last: clock(last), runs, fit };
}

/** The end the §4 rule moves to when start is not before end, or null when the end can stay. */
export function movedEnd(form: ScheduleForm, zone: string): string | null {
  const start = fromPickerValue(form.start, zone);
  const end = fromPickerValue(form.end, zone);
  if (start === null || (end !== null && start < end)) return null;
  return toPickerValue(endAfterStart(form.repeat, start, end, zone), zone);
}

/** The form of a saved schedule, shown in the user's zone. */
export function scheduleFormOf(schedule: Schedule, zone: string): ScheduleForm {
  const data = schedule.scheduleData;
  const recurDurationType = data.recurDurationType ?? 'Hours';
  const every = recurDurationType === 'Hours' ? data.recurEveryHours : data.recurEveryMinutes;
  const isTags = schedule.scheduleType === 'TAG_COLLECTION';
  const start = DateTime.fromMillis(schedule.startTime, { zone });
  const recurEveryDays = String(data.recurEveryDays ?? 1);
  return {
    name: schedule.name,
    choice: choiceOf({ repeat: schedule.repeat, dayType: data.type, recurDurationType, recurEveryDays }),
    repeat: schedule.repeat,
    start: start.toFormat(PICKER_FORMAT),
    end: schedule.endTime === null ? start.plus({ days: 1 }).toFormat(PICKER_FORMAT) : toPickerValue(schedule.endTime, zone),
    recurEveryDays,
    recurEveryWeeks: String(data.recurEveryWeeks ?? 1),
    weekDays: data.weekDays,
    dayType: data.type,
    recurDurationType,
    recurEvery: every ? String(every) : '',
    executionsPerDay: data.executionsPerDay ? String(data.executionsPerDay) : '',
    // A saved count is the user's; a schedule without one gets what fits if it becomes repeated within the day.
    runsPerDayFitsDay: !data.executionsPerDay,
    scheduleNotifyEmails: schedule.scheduleNotifyEmails,
    selector: {
      optionType: isTags ? 'TAG' : 'COLLECTION',
      testStatusIdList: isTags ? [] : schedule.testStatusIdList,
      collectionTags: isTags ? schedule.collectionTags : [],
      versionTags: isTags ? schedule.versionTags : [],
      customCollections: isTags && schedule.customCollections,
      customTestStatusIdList: isTags ? schedule.customTestStatusIdList : [],
    },
    runtime: runtimeOptionsOf(schedule),
  };
}

export interface SaveContext {
  /** The schedule being edited: its id and enabled flag are kept. */
  base?: Pick<Schedule, 'id' | 'enabled'>;
  /** The executable test suites (getExecutableTestSuites): a tag schedule records those its tags choose. */
  executableSuites?: readonly ExecutableTestSuite[];
}

/** The saveSchedule body of a valid form, saved in the user's zone. */
export function saveBodyOf(form: ScheduleForm, zone: string, { base, executableSuites = [] }: SaveContext = {}): SaveScheduleInput {
  const startTime = fromPickerValue(form.start, zone) ?? 0;
  const { selector } = form;
  const isTags = selector.optionType === 'TAG';
  return {
    ...(base ? { id: base.id, enabled: base.enabled } : { enabled: true }),
    name: form.name.trim(),
    repeat: form.repeat,
    startTime,
    endTime: form.repeat === REPEAT.once ? null : fromPickerValue(form.end, zone),
    scheduleNotifyEmails: commaSeparatedEmails(form.scheduleNotifyEmails),
    scheduleType: isTags ? 'TAG_COLLECTION' : 'COLLECTION',
    testStatusIdList: isTags ? [] : selector.testStatusIdList,
    collectionTags: isTags ? selector.collectionTags : [],
    versionTags: isTags ? selector.versionTags : [],
    customCollections: isTags && selector.customCollections,
    customTestStatusIdList: isTags && selector.customCollections ? selector.customTestStatusIdList : [],
    tagCollectionData: isTags ? tagCollectionDataOf(executableSuites, selector) : [],
    scheduleData: withRecurrenceDefaults(scheduleDataOf(form)),
    timeZone: zone,
    ...runtimeConfigurationOf(form.runtime),
  };
}
