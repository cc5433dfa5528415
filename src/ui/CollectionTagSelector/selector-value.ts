import { matchesTagSelection, VERSION_TAG, type Tag, type TestSuiteFeedItem } from '../../shared/contracts/collections';
import { selectionLimitError, type SelectionLimits } from '../CollectionSelector';

/** The collection/tag selector value of spec part 1 §3 (Collection selector value). */
export type SelectorOptionType = 'COLLECTION' | 'TAG';

export interface CollectionSelectorValue {
  optionType: SelectorOptionType;
  /** COLLECTION mode: the picked collections. */
  testStatusIdList: string[];
  /** TAG mode: chosen organisation tag ids and version tag ids. */
  collectionTags: string[];
  versionTags: string[];
  /** TAG mode: Filter (tick collections one by one) instead of Default (all matching collections). */
  customCollections: boolean;
  customTestStatusIdList: string[];
}

export function emptySelectorValue(optionType: SelectorOptionType): CollectionSelectorValue {
  return { optionType, testStatusIdList: [], collectionTags: [], versionTags: [], customCollections: false, customTestStatusIdList: [] };
}

/** Splits chosen tag ids into organisation and version tags by the tags' types. */
export function chooseTags(value: CollectionSelectorValue, tagIds: readonly string[], tags: readonly Tag[]): CollectionSelectorValue {
  const versionIds = new Set(tags.filter((tag) => tag.tagType === VERSION_TAG).map((tag) => tag.id));
  return {
    ...value,
    collectionTags: tagIds.filter((id) => !versionIds.has(id)),
    versionTags: tagIds.filter((id) => versionIds.has(id)),
  };
}

export function collectionsMatchingTags(
  suites: readonly TestSuiteFeedItem[],
  value: Pick<CollectionSelectorValue, 'collectionTags' | 'versionTags'>,
): TestSuiteFeedItem[] {
  return suites.filter((suite) => matchesTagSelection(suite, value.collectionTags, value.versionTags));
}

/** The collections the value stands for; `matching` is the tag-filtered list in TAG mode. */
export function selectedCollectionIds(value: CollectionSelectorValue, matching: readonly TestSuiteFeedItem[]): string[] {
  if (value.optionType === 'COLLECTION') return value.testStatusIdList;
  const matchingIds = matching.map((suite) => suite.id);
  return value.customCollections ? value.customTestStatusIdList.filter((id) => matchingIds.includes(id)) : matchingIds;
}

/** Ticks or unticks one id; a tick past `max` is refused. */
export function toggleId(ids: readonly string[], id: string, max: number | undefined): string[] {
  if (ids.includes(id)) return ids.filter((other) => other !== id);
  return max !== undefined && ids.length >= max ? [...ids] : [...ids, id];
}

/** Select all, capped at `max` in list order. */
export function selectAll(matching: readonly TestSuiteFeedItem[], max: number | undefined): string[] {
  const ids = matching.map((suite) => suite.id);
  return max === undefined ? ids : ids.slice(0, max);
}

export const SELECTOR_MESSAGES = {
  noCustomSelection: 'Select at least one collection.',
} as const;

/** Why the selection cannot be accepted (the selector may not close then), or null. */
export function selectionError(
  value: CollectionSelectorValue,
  matching: readonly TestSuiteFeedItem[],
  limits: SelectionLimits,
): string | null {
  const count = selectedCollectionIds(value, matching).length;
  if (value.optionType === 'TAG' && value.customCollections && count === 0) return SELECTOR_MESSAGES.noCustomSelection;
  return selectionLimitError(count, limits);
}
