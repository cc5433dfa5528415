import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { REPEAT } from '../../shared/schedule/schedule-data';
import { CONTROL_ROOM_MESSAGES as M } from './control-room-messages';
import type { TestSuiteFeedItem } from '../../shared/contracts/collections';
import { scheduleSchema, type ExecutableTestSuite } from '../../shared/contracts/schedules';
import {
  choiceOf,
  dayWindowOf,
  emptyScheduleForm,
  fromPickerValue,
  movedEnd,
  PICKER_FORMAT,
  saveBodyOf,
  scheduleDataOf,
  scheduleFormErrors,
  scheduleFormOf,
  toPickerValue,
  withChoice,
  withFittedRuns,
  withRepeat,
  type ScheduleForm,
} from './schedule-form';

const ZONE = 'Europe/Berlin';
const NOW = DateTime.fromISO('2026-03-10T10:30', { zone: ZONE }).toMillis();
const SUITES: TestSuiteFeedItem[] = [
  { id: 'c1', testSuiteName: 'Checkout', tags: ['smoke'], version: null },
  { id: 'c2', testSuiteName: 'Login', tags: [], version: null },
];

function validForm(changes: Partial<ScheduleForm> = {}): ScheduleForm {
  const form = emptyScheduleForm(NOW, ZONE);
  return { ...form, name: 'Nightly', selector: { ...form.selector, testStatusIdList: ['c1'] }, ...changes };
}

describe('schedule form', () => {
  it('starts a new schedule at the next whole hour, once, and reads pickers in the given zone', () => {
    const form = emptyScheduleForm(NOW, ZONE);
    expect(form.start).toBe('2026-03-10T11:00');
    expect(form.repeat).toBe(REPEAT.once);
    expect(fromPickerValue(form.start, ZONE)).toBe(DateTime.fromISO('2026-03-10T11:00', { zone: ZONE }).toMillis());
    expect(toPickerValue(fromPickerValue(form.start, ZONE), ZONE)).toBe(form.start);
    expect(scheduleFormErrors(validForm(), NOW, ZONE, SUITES)).toEqual({});
  });

  it('requires a name, a future start for one time, collections and valid notify e-mails', () => {
    const errors = scheduleFormErrors(
      validForm({ name: ' ', start: '2026-03-10T09:00', scheduleNotifyEmails: 'a@b.c; nope', selector: emptyScheduleForm(NOW, ZONE).selector }),
      NOW,
      ZONE,
      SUITES,
    );
    expect(errors).toEqual({ name: M.required, start: M.startInPast, scheduleNotifyEmails: M.invalidEmails, selector: 'Select at least 1 collections.' });
  });

  it("takes the selector's own rule, tag filter included, for the collections", () => {
    const tags = { optionType: 'TAG' as const, testStatusIdList: [], collectionTags: ['smoke'], versionTags: [], customCollections: false, customTestStatusIdList: [] };
    expect(scheduleFormErrors(validForm({ selector: tags }), NOW, ZONE, SUITES).selector).toBeUndefined();
    // A tag no collection carries selects nothing.
    expect(scheduleFormErrors(validForm({ selector: { ...tags, collectionTags: ['nightly'] } }), NOW, ZONE, SUITES).selector).toBe('Select at least 1 collections.');
    // Filter mode with nothing ticked: the selector's own message, once.
    expect(scheduleFormErrors(validForm({ selector: { ...tags, customCollections: true } }), NOW, ZONE, SUITES).selector).toBe('Select at least one collection.');
  });

  it('needs recurEveryDays (digits, at least 1) for daily and an end after the start', () => {
    const errors = scheduleFormErrors(validForm({ repeat: REPEAT.daily, recurEveryDays: 'x', end: '2026-03-10T11:00' }), NOW, ZONE, SUITES);
    expect(errors).toEqual({ recurEveryDays: M.onlyDigits, end: M.endBeforeStart });
    const zero = validForm({ repeat: REPEAT.daily, recurEveryDays: '0', dayType: 2, recurEvery: '0', executionsPerDay: '00' });
    expect(scheduleFormErrors(zero, NOW, ZONE, SUITES)).toEqual({ recurEveryDays: 'Must be at least 1', recurEvery: 'Must be at least 1', executionsPerDay: 'Must be at least 1' });
  });

  it('needs a week day for weekly, and preselects the start weekday when switching to weekly', () => {
    expect(scheduleFormErrors(validForm({ repeat: REPEAT.weekly }), NOW, ZONE, SUITES).weekDays).toBe('At least one week day must be selected.');
    // 2026-03-10 is a Tuesday: index 2.
    expect(withRepeat(validForm(), REPEAT.weekly, ZONE).weekDays).toEqual([0, 0, 1, 0, 0, 0, 0]);
  });

  it('caps the runs of a day at those that fit between the start time and midnight, with the {hash} message', () => {
    const hourly = validForm({ repeat: REPEAT.daily, start: '2026-03-11T00:00', dayType: 2, recurDurationType: 'Hours', recurEvery: '5', executionsPerDay: '6' });
    expect(scheduleFormErrors(hourly, NOW, ZONE, SUITES).executionsPerDay).toBe('With selected hours/minutes, maximum number of runs can be 5');
    expect(scheduleFormErrors({ ...hourly, executionsPerDay: '5' }, NOW, ZONE, SUITES)).toEqual({});
    const minutes = { ...hourly, recurDurationType: 'Minutes' as const, recurEvery: '30', executionsPerDay: '49' };
    expect(scheduleFormErrors(minutes, NOW, ZONE, SUITES).executionsPerDay).toBe('With selected hours/minutes, maximum number of runs can be 48');
    expect(scheduleDataOf(minutes)).toMatchObject({ type: 2, recurEveryHours: 0, recurEveryMinutes: 30, executionsPerDay: 49 });
    // From 22:00 in the user's zone, 22:00 and 23:00 fit before midnight.
    const late = { ...hourly, start: '2026-03-11T22:00', recurEvery: '1', executionsPerDay: '3' };
    expect(scheduleFormErrors(late, NOW, ZONE, SUITES).executionsPerDay).toBe('With selected hours/minutes, maximum number of runs can be 2');
  });

  it('moves the end forward by a day (one time) or a year (repeating) when it is not after the start', () => {
    const form = validForm({ end: '2026-03-10T11:00' });
    expect(movedEnd(form, ZONE)).toBe('2026-03-11T11:00');
    expect(movedEnd({ ...form, repeat: REPEAT.daily }, ZONE)).toBe('2027-03-10T11:00');
    expect(movedEnd(validForm(), ZONE)).toBeNull();
    expect(DateTime.fromFormat(validForm().end, PICKER_FORMAT).isValid).toBe(true);
  });
});

describe('the choice of how often (issue 27)', () => {
  const defaults = { start: true, end: true };

  it('maps Every few minutes and hours onto Daily, every day, repeated within the day, as many runs as fit', () => {
    const minutes = withChoice(validForm(), 'minutes', ZONE, NOW, defaults);
    expect(minutes).toMatchObject({ choice: 'minutes', repeat: REPEAT.daily, recurEveryDays: '1', dayType: 2, recurDurationType: 'Minutes', recurEvery: '15', executionsPerDay: '96' });
    expect([minutes.start, minutes.end]).toEqual(['2026-03-10T00:00', '2027-03-10T00:00']);
    expect(scheduleFormErrors(minutes, NOW, ZONE, SUITES)).toEqual({});
    // The wire format is the spec's scheduleData.
    expect(saveBodyOf(minutes, ZONE)).toMatchObject({
      repeat: REPEAT.daily,
      startTime: DateTime.fromISO('2026-03-10T00:00', { zone: ZONE }).toMillis(),
      scheduleData: { type: 2, recurEveryDays: 1, recurDurationType: 'Minutes', recurEveryHours: 0, recurEveryMinutes: 15, executionsPerDay: 96 },
    });
    const hours = withChoice(minutes, 'hours', ZONE, NOW, defaults);
    expect(hours).toMatchObject({ choice: 'hours', recurDurationType: 'Hours', recurEvery: '1', executionsPerDay: '24' });
    expect(saveBodyOf(hours, ZONE).scheduleData).toMatchObject({ type: 2, recurEveryHours: 1, recurEveryMinutes: 0, executionsPerDay: 24 });
    // Back to once: one run, at the next whole hour, nothing repeated within a day.
    const once = withChoice(hours, 'once', ZONE, NOW, defaults);
    expect(once).toMatchObject({ repeat: REPEAT.once, dayType: 1, start: '2026-03-10T11:00' });
    expect(saveBodyOf(once, ZONE)).toMatchObject({ repeat: REPEAT.once, endTime: null, scheduleData: { type: 1, executionsPerDay: 0 } });
  });

  it('leaves the times the user set, and a count the user typed', () => {
    const typed = validForm({ start: '2026-03-10T18:30', end: '2026-04-01T00:00', runsPerDayFitsDay: false, executionsPerDay: '4' });
    const form = withChoice(typed, 'hours', ZONE, NOW, { start: false, end: false });
    expect([form.start, form.end, form.executionsPerDay]).toEqual(['2026-03-10T18:30', '2026-04-01T00:00', '4']);
    expect(dayWindowOf(form, ZONE)).toEqual({ first: '18:30', last: '21:30', runs: 4, fit: 6 });
    // Following the day: from 18:30 every 2 hours, 18:30 to 22:30.
    const fitted = withFittedRuns({ ...form, runsPerDayFitsDay: true, recurEvery: '2' }, ZONE);
    expect(fitted.executionsPerDay).toBe('3');
    expect(dayWindowOf(fitted, ZONE)).toEqual({ first: '18:30', last: '22:30', runs: 3, fit: 3 });
  });

  it('reads a saved schedule back as the choice it was made with', () => {
    const data = (changes: Partial<ScheduleForm>) => ({ repeat: REPEAT.daily, dayType: 2 as const, recurDurationType: 'Minutes' as const, recurEveryDays: '1', ...changes });
    expect(choiceOf(data({}))).toBe('minutes');
    expect(choiceOf(data({ recurDurationType: 'Hours' }))).toBe('hours');
    expect(choiceOf(data({ recurEveryDays: '2' }))).toBe('daily');
    expect(choiceOf(data({ dayType: 1 }))).toBe('daily');
    expect(choiceOf(data({ repeat: REPEAT.weekly }))).toBe('weekly');
    expect(choiceOf(data({ repeat: REPEAT.once }))).toBe('once');
  });
});

describe('schedule conversion', () => {
  it('saves in the user zone with the selector as tag choice, and reads the saved schedule back into the form', () => {
    const selector = { optionType: 'TAG' as const, testStatusIdList: [], collectionTags: ['t1'], versionTags: ['v1'], customCollections: true, customTestStatusIdList: ['c2'] };
    const form = validForm({ choice: 'weekly', repeat: REPEAT.weekly, weekDays: [0, 1, 0, 1, 0, 0, 0], end: '2026-06-10T11:00', selector, scheduleNotifyEmails: ' a@b.co ' });
    const executableSuites: ExecutableTestSuite[] = [
      { testSuiteName: 'Checkout', versionTags: { v1: { statusId: 'c2', collectionTags: ['t1'] }, v2: { statusId: 'c3', collectionTags: ['t1'] } } },
      { testSuiteName: 'Login', versionTags: { v1: { statusId: 'c4', collectionTags: [] } } },
    ];
    const body = saveBodyOf({ ...form, scheduleNotifyEmails: ' a@b.co; c@d.co ' }, ZONE, { executableSuites });
    expect(body).toMatchObject({
      enabled: true,
      name: 'Nightly',
      repeat: REPEAT.weekly,
      startTime: DateTime.fromISO('2026-03-10T11:00', { zone: ZONE }).toMillis(),
      endTime: DateTime.fromISO('2026-06-10T11:00', { zone: ZONE }).toMillis(),
      scheduleType: 'TAG_COLLECTION',
      collectionTags: ['t1'],
      versionTags: ['v1'],
      customCollections: true,
      customTestStatusIdList: ['c2'],
      testStatusIdList: [],
      scheduleNotifyEmails: 'a@b.co, c@d.co',
      // What the tags choose now: Checkout v1, the one ticked collection.
      tagCollectionData: [{ testSuiteName: 'Checkout', versionTags: { v1: { statusId: 'c2', collectionTags: ['t1'] } } }],
      timeZone: ZONE,
      scheduleData: { type: 1, weekDays: [0, 1, 0, 1, 0, 0, 0], recurEveryWeeks: 1 },
    });
    const saved = scheduleSchema.parse({
      ...saveBodyOf(form, ZONE),
      id: 's1',
      executionTime: null,
      executionTimes: [],
      taskType: 'TESTSUITE',
      taskId: '',
      deviceType: '',
      dateCreated: 0,
      dateUpdated: 0,
      executionHistory: [],
      userId: 'u',
      clientId: 'c',
      version: 1,
      tagCollectionData: [],
    });
    expect(scheduleFormOf(saved, ZONE)).toEqual({ ...form, scheduleNotifyEmails: 'a@b.co' });
    expect(saveBodyOf(form, ZONE, { base: { id: 's1', enabled: false } })).toMatchObject({ id: 's1', enabled: false });
    expect(saveBodyOf(validForm(), ZONE, { executableSuites }).tagCollectionData).toEqual([]);
  });
});
