import { describe, expect, it } from 'vitest';
import { makeSchedule } from '../../../tests/msw/control-room';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { duplicateBody, nextRunText, repeatLabel, selectionText, sortSchedules, toggledBody } from './schedule-rows';

const ZONE = 'Europe/Berlin';
const NOW = Date.UTC(2026, 2, 10, 9, 0);

describe('schedule rows', () => {
  it('sorts upcoming schedules by next run, and past and disabled ones after them by name', () => {
    const rows = [
      makeSchedule({ name: 'b-past', executionTime: null }),
      makeSchedule({ name: 'late', executionTime: NOW + 2 }),
      makeSchedule({ name: 'a-past', executionTime: null }),
      makeSchedule({ name: 'ab-disabled', executionTime: NOW, enabled: false }),
      makeSchedule({ name: 'early', executionTime: NOW + 1 }),
    ];
    expect(sortSchedules(rows).map((row) => row.name)).toEqual(['early', 'late', 'a-past', 'ab-disabled', 'b-past']);
  });

  it('shows the next run in the user zone, Past without one and Disabled when off', () => {
    expect(nextRunText(makeSchedule({ executionTime: NOW }), ZONE)).toBe('Mar 10, 2026, 10:00:00 AM');
    expect(nextRunText(makeSchedule({ executionTime: null }), ZONE)).toBe('Past');
    expect(nextRunText(makeSchedule({ executionTime: NOW, enabled: false }), ZONE)).toBe('Disabled');
    const data = { type: 1 as const, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] as (0 | 1)[] };
    expect(repeatLabel({ repeat: 2, scheduleData: data })).toBe('Weekly');
    expect(repeatLabel({ repeat: 0, scheduleData: data })).toBe('One Time');
    expect(repeatLabel({ repeat: 1, scheduleData: data })).toBe('Daily');
    const within = { ...data, type: 2 as const, executionsPerDay: 96 };
    expect(repeatLabel({ repeat: 1, scheduleData: { ...within, recurDurationType: 'Minutes', recurEveryMinutes: 15 } })).toBe('Every 15 minutes');
    expect(repeatLabel({ repeat: 1, scheduleData: { ...within, recurDurationType: 'Hours', recurEveryHours: 1 } })).toBe('Every hour');
    // Several runs a day every other day, or on week days, are Daily and Weekly.
    expect(repeatLabel({ repeat: 1, scheduleData: { ...within, recurEveryDays: 2, recurDurationType: 'Hours', recurEveryHours: 2 } })).toBe('Daily');
    expect(repeatLabel({ repeat: 2, scheduleData: { ...within, recurDurationType: 'Minutes', recurEveryMinutes: 5 } })).toBe('Weekly');
  });

  it('names collections or tags by the schedule type', () => {
    const collections: TestSuiteFeedItem[] = [{ id: 'c1', testSuiteName: 'Demo_Sign_In', tags: [], version: null }];
    const tags: Tag[] = [{ id: 't1', tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false }];
    expect(selectionText(makeSchedule({ testStatusIdList: ['c1', 'gone'] }), collections, tags)).toBe('Demo_Sign_In, gone');
    expect(selectionText(makeSchedule({ scheduleType: 'TAG_COLLECTION', collectionTags: ['t1'], testStatusIdList: [] }), collections, tags)).toBe('smoke');
  });

  it('toggles without past executions and duplicates without the id or the history', () => {
    const schedule = makeSchedule({ name: 'Nightly', executionTimes: [NOW - 1, NOW + 1] });
    expect(toggledBody(schedule, false, NOW)).toMatchObject({ id: schedule.id, enabled: false, executionTimes: [NOW + 1] });
    const copy = duplicateBody(schedule, 'Copy of Nightly');
    expect(copy).toMatchObject({ name: 'Copy of Nightly', testStatusIdList: ['c1'] });
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('executionHistory');
  });
});
