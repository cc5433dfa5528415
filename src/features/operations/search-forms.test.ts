import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { defaultExecutionDraft, emptySummaryDraft, executionCriteriaOf, executionErrors, summaryErrors, summarySearchOf } from './search-forms';

describe('Operations search forms (part 2 §3, §5)', () => {
  it('defaults to FAILED-TESTCASE and any resource, and is valid at once', () => {
    const draft = defaultExecutionDraft(DateTime.fromISO('2026-03-10T14:03:20'));
    expect(draft.status).toBe('FAILED-TESTCASE');
    expect(draft.deviceId).toBeNull();
    expect(executionErrors(draft)).toEqual({});
    expect(executionCriteriaOf(draft)).toEqual({ status: 'FAILED-TESTCASE', dateStart: draft.start, dateEnd: draft.end });
  });

  it('needs status, dateStart and dateEnd; the search runs only when valid', () => {
    const draft = { ...defaultExecutionDraft(), status: null, start: null, end: null };
    expect(executionErrors(draft)).toEqual({ status: 'required', start: 'required', end: 'required' });
    expect(executionCriteriaOf(draft)).toBeNull();
    expect(executionCriteriaOf({ ...defaultExecutionDraft(), deviceId: 'browser-1' })?.deviceId).toBe('browser-1');
  });

  it('sends a collection name trimmed, and none when blank', () => {
    expect(executionCriteriaOf({ ...defaultExecutionDraft(), collectionName: '  Demo_Sign ' })?.collectionName).toBe('Demo_Sign');
    expect(executionCriteriaOf({ ...defaultExecutionDraft(), collectionName: '   ' })).not.toHaveProperty('collectionName');
  });

  it('needs both dates of a summary search', () => {
    const draft = emptySummaryDraft();
    expect(summaryErrors(draft)).toEqual({ start: 'required', end: 'required' });
    expect(summarySearchOf(draft)).toBeNull();
    expect(summarySearchOf({ ...draft, start: 'a', end: 'b', tags: ['t1'] })).toEqual({ startDate: 'a', endDate: 'b', tags: ['t1'], versions: [] });
  });
});
