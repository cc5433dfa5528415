import { describe, expect, it } from 'vitest';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { chooseTags, collectionsMatchingTags, emptySelectorValue, selectAll, selectedCollectionIds, selectionError, toggleId } from './selector-value';

const tags: Tag[] = [
  { id: 'web', tagName: 'web', tagType: 'ORGANIZATION_TAG', hideTag: false },
  { id: 'smoke', tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false },
  { id: 'v1', tagName: 'v1.0', tagType: 'VERSION_TAG', hideTag: false },
  { id: 'v2', tagName: 'v2.0', tagType: 'VERSION_TAG', hideTag: false },
];
const suites: TestSuiteFeedItem[] = [
  { id: 'a', testSuiteName: 'A', tags: ['web', 'smoke'], version: 'v1' },
  { id: 'b', testSuiteName: 'B', tags: ['web'], version: 'v2' },
  { id: 'c', testSuiteName: 'C', tags: ['smoke'], version: null },
];

describe('collection selector value', () => {
  it('keeps collections carrying all chosen organisation tags and one of the chosen versions', () => {
    const names = (tagIds: string[]) => collectionsMatchingTags(suites, chooseTags(emptySelectorValue('TAG'), tagIds, tags)).map((suite) => suite.id);
    expect(names([])).toEqual(['a', 'b', 'c']);
    expect(names(['web'])).toEqual(['a', 'b']);
    expect(names(['web', 'smoke'])).toEqual(['a']);
    expect(names(['web', 'v2'])).toEqual(['b']);
    expect(names(['v1', 'v2'])).toEqual(['a', 'b']);
  });

  it('stands for all matching collections by default and the ticked ones in Filter mode', () => {
    const value = { ...chooseTags(emptySelectorValue('TAG'), ['web'], tags) };
    const matching = collectionsMatchingTags(suites, value);
    expect(selectedCollectionIds(value, matching)).toEqual(['a', 'b']);
    const custom = { ...value, customCollections: true, customTestStatusIdList: ['b', 'c'] };
    expect(selectedCollectionIds(custom, matching)).toEqual(['b']);
  });

  it('refuses ticks past the maximum and caps select all', () => {
    expect(toggleId(['a'], 'b', 1)).toEqual(['a']);
    expect(toggleId(['a'], 'a', 1)).toEqual([]);
    expect(selectAll(suites, 2)).toEqual(['a', 'b']);
    expect(selectAll(suites, undefined)).toEqual(['a', 'b', 'c']);
  });

  it('is invalid with an empty custom selection or below the minimum', () => {
    const custom = { ...emptySelectorValue('TAG'), customCollections: true };
    expect(selectionError(custom, suites, {})).toBe('Select at least one collection.');
    expect(selectionError({ ...emptySelectorValue('COLLECTION'), testStatusIdList: ['a'] }, suites, { minSelection: 2 })).toBe('Select at least 2 collections.');
    expect(selectionError({ ...emptySelectorValue('COLLECTION'), testStatusIdList: ['a', 'b'] }, suites, { minSelection: 2, maxAllowedSelection: 2 })).toBeNull();
    expect(selectionError(emptySelectorValue('TAG'), suites, { maxAllowedSelection: 2 })).toBe('Select at most 2 collections.');
  });
});
