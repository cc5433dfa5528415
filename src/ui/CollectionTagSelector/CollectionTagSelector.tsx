import { useEffect, useState } from 'react';
import { TAG_REAPPLY_DELAY_MS } from '../../shared/constants';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import { Button } from '../Button';
import { Checkbox } from '../Checkbox';
import { CollectionSelector, type SelectionLimits } from '../CollectionSelector';
import { RadioGroup } from '../RadioGroup';
import {
  chooseTags,
  collectionsMatchingTags,
  emptySelectorValue,
  selectAll,
  selectedCollectionIds,
  selectionError,
  toggleId,
  type CollectionSelectorValue,
  type SelectorOptionType,
} from './selector-value';
import './collection-selector.css';

const OPTION_TYPES = [
  { id: 'COLLECTION', label: 'Collections' },
  { id: 'TAG', label: 'Tags' },
] as const;

const TAG_MODES = [
  { id: 'default', label: 'Default (All)' },
  { id: 'filter', label: 'Filter' },
] as const;

export interface CollectionTagSelectorProps extends SelectionLimits {
  suites: readonly TestSuiteFeedItem[];
  tags: readonly Tag[];
  value: CollectionSelectorValue;
  onChange: (value: CollectionSelectorValue) => void;
}

/**
 * The collection/tag selector of spec part 1 §2/§4: pick collections in the multi-select collection selector, or by
 * tags (all chosen organisation tags and one of the chosen versions), then take all matching collections (Default)
 * or tick some (Filter). Its one error line is the selection rule; the open list shows it too and will not close.
 */
export function CollectionTagSelector({ suites, tags, value, onChange, maxAllowedSelection, minSelection }: CollectionTagSelectorProps) {
  const chosenTagIds = [...value.collectionTags, ...value.versionTags];
  const [appliedTags, setAppliedTags] = useState({ collectionTags: value.collectionTags, versionTags: value.versionTags });
  const { collectionTags, versionTags } = value;
  useEffect(() => {
    const timer = setTimeout(() => setAppliedTags({ collectionTags, versionTags }), TAG_REAPPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [collectionTags, versionTags]);

  const matching = collectionsMatchingTags(suites, appliedTags);
  const error = selectionError(value, matching, { minSelection, maxAllowedSelection });
  const visibleTags = tags.filter((tag) => !tag.hideTag);
  const chosenNames = visibleTags.filter((tag) => chosenTagIds.includes(tag.id)).map((tag) => tag.tagName);
  const limits = { maxAllowedSelection, minSelection, formError: error, hideFieldError: true };

  return (
    <div className="collection-selector">
      <RadioGroup label="Select by" options={OPTION_TYPES} value={value.optionType} onChange={(id) => onChange(emptySelectorValue(id as SelectorOptionType))} />
      {value.optionType === 'COLLECTION' ? (
        <CollectionSelector
          selectionMode="multiple"
          label="Collections"
          collections={suites}
          selectedIds={value.testStatusIdList}
          onChange={(testStatusIdList) => onChange({ ...value, testStatusIdList })}
          {...limits}
        />
      ) : (
        <>
          <fieldset className="collection-selector__tags">
            <legend>Tags</legend>
            <p className="collection-selector__chosen">{chosenNames.length > 0 ? chosenNames.join(', ') : 'Select Tag/Version'}</p>
            {visibleTags.map((tag) => (
              <Checkbox key={tag.id} isSelected={chosenTagIds.includes(tag.id)} onChange={() => onChange(chooseTags(value, toggleId(chosenTagIds, tag.id, undefined), tags))}>
                {tag.tagName}
              </Checkbox>
            ))}
          </fieldset>
          <RadioGroup
            label="Collections"
            options={TAG_MODES}
            value={value.customCollections ? 'filter' : 'default'}
            onChange={(mode) => onChange({ ...value, customCollections: mode === 'filter', customTestStatusIdList: [] })}
          />
          {value.customCollections ? (
            <>
              <CollectionSelector
                selectionMode="multiple"
                label="Matching collections"
                collections={matching}
                selectedIds={selectedCollectionIds(value, matching)}
                onChange={(customTestStatusIdList) => onChange({ ...value, customTestStatusIdList })}
                {...limits}
                // Filter with nothing ticked is invalid whatever the limits (spec part 1 §2).
                minSelection={Math.max(1, minSelection ?? 0)}
              />
              <div className="collection-selector__actions">
                <Button onPress={() => onChange({ ...value, customTestStatusIdList: selectAll(matching, maxAllowedSelection) })}>Select all</Button>
                <Button onPress={() => onChange({ ...value, customTestStatusIdList: [] })}>Unselect all</Button>
              </div>
            </>
          ) : (
            <ul className="collection-selector__list" aria-label="Matching collections">
              {matching.map((suite) => (
                <li key={suite.id}>{suite.testSuiteName}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
