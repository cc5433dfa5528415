import { describe, expect, it } from 'vitest';
import { collectionSchema } from '../../shared/contracts/collections';
import {
  canAddCustomAttribute,
  collectionErrors,
  emptyCollection,
  isCollectionValid,
  move,
  newFlow,
  newStep,
  resourceTypeChangeNeedsConfirmation,
  toSaveDocument,
  withResourceType,
} from './collection-document';

describe('collection document', () => {
  it('starts as a valid document of the contract once named', () => {
    const collection = { ...emptyCollection(), testSuiteName: 'Checkout' };
    expect(collectionSchema.parse(collection)).toEqual(collection);
    expect(isCollectionValid(collection)).toBe(true);
  });

  it('reports name and notify-email errors as the spec keys', () => {
    expect(collectionErrors(emptyCollection()).testSuiteName).toBe('required');
    expect(collectionErrors({ ...emptyCollection(), testSuiteName: 'Bad/name' }).testSuiteName).toBe('pattern');
    expect(collectionErrors({ ...emptyCollection(), testSuiteName: '  Padded name ' }).testSuiteName).toBeNull();
    expect(collectionErrors({ ...emptyCollection(), suiteNotifyEmails: 'a@b.com; nope' }).suiteNotifyEmails).toBe('MultiEmailInvalid');
    expect(collectionErrors({ ...emptyCollection(), suiteNotifyEmails: 'a@b.com, c@d.org;' }).suiteNotifyEmails).toBeNull();
  });

  it('is invalid while a flow or step has no name', () => {
    const flow = { ...newFlow('testCases', 1), steps: [{ ...newStep('click'), stepName: ' ' }] };
    expect(isCollectionValid({ ...emptyCollection(), testSuiteName: 'Checkout', testCases: [flow] })).toBe(false);
  });

  it('enables Add attribute only when the last attribute has a name', () => {
    const base = emptyCollection();
    expect(canAddCustomAttribute(base)).toBe(true);
    expect(canAddCustomAttribute({ ...base, customAttributes: [{ name: '', value: '1', unit: '' }] })).toBe(false);
    expect(canAddCustomAttribute({ ...base, customAttributes: [{ name: 'build', value: '', unit: '' }] })).toBe(true);
  });

  it('asks before a resource type change only when something would be lost, and then resets the flows and resources', () => {
    const base = emptyCollection();
    expect(resourceTypeChangeNeedsConfirmation(base)).toBe(false);
    expect(resourceTypeChangeNeedsConfirmation({ ...base, hybridDeviceIds: { d1: 'Pixel' } })).toBe(true);
    const full = { ...base, testSuiteName: 'Keep me', hybridDeviceIds: { d1: 'Pixel' }, testCases: [newFlow('testCases', 1)], initTestSteps: [newFlow('initTestSteps', 1)], postTestSteps: [newFlow('postTestSteps', 1)] };
    expect(resourceTypeChangeNeedsConfirmation(full)).toBe(true);
    expect(withResourceType(full, 'BROWSER')).toEqual({ ...base, testSuiteName: 'Keep me', deviceType: 'BROWSER' });
  });

  it('moves items and ignores moves past either end', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('types flows by their list', () => {
    expect(newFlow('initTestSteps', 1).testCaseType).toBe('PRE_FLOW');
    expect(newFlow('postTestSteps', 1).testCaseType).toBe('POST_FLOW');
    expect(newFlow('testCases', 1).testCaseType).toBe('FLOW');
  });

  it('trims names, drops unnamed attributes and stale branch targets before saving', () => {
    const first = { ...newFlow('testCases', 1), testCaseName: ' First ' };
    const second = { ...newFlow('testCases', 2), nextOnPass: first.testCaseId, nextOnFail: 'gone' };
    const branching = { ...emptyCollection(), testSuiteName: '  Checkout  ', executionType: 'BRANCHING' as const, testCases: [first, second], customAttributes: [{ name: 'env', value: 'qa', unit: '' }, { name: ' ', value: 'x', unit: '' }] };
    const saved = toSaveDocument(branching);
    expect(saved.testSuiteName).toBe('Checkout');
    expect(saved.testCases[0]?.testCaseName).toBe('First');
    expect(saved.testCases[1]).toMatchObject({ nextOnPass: first.testCaseId });
    expect(saved.testCases[1]).not.toHaveProperty('nextOnFail');
    expect(saved.customAttributes).toEqual([{ name: 'env', value: 'qa', unit: '' }]);
    expect(toSaveDocument({ ...branching, executionType: 'SEQUENTIAL' }).testCases[1]).not.toHaveProperty('nextOnPass');
  });
});
