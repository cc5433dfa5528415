import { matchesTagSelection } from '../contracts/collections';
import type { ExecutableTestSuite } from '../contracts/schedules';

export interface TagSelection {
  collectionTags: readonly string[];
  versionTags: readonly string[];
  customCollections: boolean;
  customTestStatusIdList: readonly string[];
}

/**
 * tagCollectionData of a tag schedule (part 2 §3): the executable test suites narrowed to the versions its tags select
 * (the selector's rule, matchesTagSelection), and to the ticked collections under Filter. A record of what the tags
 * chose when the schedule was saved; firings resolve the tags again.
 */
export function tagCollectionDataOf(suites: readonly ExecutableTestSuite[], selection: TagSelection): ExecutableTestSuite[] {
  const ticked = new Set(selection.customTestStatusIdList);
  return suites.flatMap((suite) => {
    const versions = Object.entries(suite.versionTags).filter(
      ([versionId, version]) =>
        matchesTagSelection({ tags: version.collectionTags, version: versionId === '' ? null : versionId }, selection.collectionTags, selection.versionTags) &&
        (!selection.customCollections || ticked.has(version.statusId)),
    );
    return versions.length === 0 ? [] : [{ testSuiteName: suite.testSuiteName, versionTags: Object.fromEntries(versions) }];
  });
}

/** The collection ids (statusIds) tagCollectionData names. */
export function tagCollectionIds(data: readonly ExecutableTestSuite[]): string[] {
  return data.flatMap((suite) => Object.values(suite.versionTags).map((version) => version.statusId));
}
