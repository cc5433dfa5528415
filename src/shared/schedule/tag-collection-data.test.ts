import { describe, expect, it } from 'vitest';
import type { ExecutableTestSuite } from '../contracts/schedules';
import { tagCollectionDataOf, tagCollectionIds } from './tag-collection-data';

const suites: ExecutableTestSuite[] = [
  { testSuiteName: 'Checkout', versionTags: { v1: { statusId: 'c-1', collectionTags: ['smoke'] }, v2: { statusId: 'c-2', collectionTags: ['smoke', 'nightly'] } } },
  { testSuiteName: 'Login', versionTags: { '': { statusId: 'l', collectionTags: ['smoke'] } } },
  { testSuiteName: 'Search', versionTags: { v2: { statusId: 's', collectionTags: [] } } },
];
const none = { customCollections: false, customTestStatusIdList: [] };

describe('tagCollectionDataOf', () => {
  it('keeps the versions carrying every chosen tag', () => {
    const data = tagCollectionDataOf(suites, { collectionTags: ['smoke'], versionTags: [], ...none });
    expect(data.map((suite) => suite.testSuiteName)).toEqual(['Checkout', 'Login']);
    expect(tagCollectionIds(data)).toEqual(['c-1', 'c-2', 'l']);
  });

  it('keeps only the chosen versions, and only ticked collections under Filter', () => {
    expect(tagCollectionIds(tagCollectionDataOf(suites, { collectionTags: [], versionTags: ['v2'], ...none }))).toEqual(['c-2', 's']);
    const filtered = tagCollectionDataOf(suites, { collectionTags: ['smoke'], versionTags: [], customCollections: true, customTestStatusIdList: ['l'] });
    expect(filtered).toEqual([{ testSuiteName: 'Login', versionTags: { '': { statusId: 'l', collectionTags: ['smoke'] } } }]);
  });
});
