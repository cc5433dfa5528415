import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { RadioGroup } from '../../ui/RadioGroup';
import type { Tag, TestSuiteFeedItem } from '../../shared/contracts/collections';
import {
  chooseTags,
  collectionsMatchingTags,
  emptySelectorValue,
  selectAll,
  selectionError,
  toggleId,
  type CollectionSelectorValue,
  type SelectorOptionType,
} from './selector-value';
import './collection-selector.css';

/** Spec part 1 §4 Selector: the tag choice is re-applied to the collection list after 500 ms. */
export const TAG_FILTER_DELAY_MS = 500;

const OPTION_TYPES = [
  { id: 'COLLECTION', label: 'Collections' },
  { id: 'TAG', label: 'Tags' },
] as const;

const TAG_MODES = [
  { id: 'default', label: 'Default (All)' },
  { id: 'filter', label: 'Filter' },
] as const;

export interface CollectionTagSelectorProps {
  suites: readonly TestSuiteFeedItem[];
  tags: readonly Tag[];
  value: CollectionSelectorValue;
  onChange: (value: CollectionSelectorValue) => void;
  maxAllowedSelection?: number;
  minSelection?: number;
}

function CollectionChecklist({ label, suites, selectedIds, max, onChange }: {
  label: string;
  suites: readonly TestSuiteFeedItem[];
  selectedIds: readonly string[];
  max: number | undefined;
  onChange: (ids: string[]) => void;
}) {
  const isFull = max !== undefined && selectedIds.length >= max;
  return (
    <ul className="collection-selector__list" aria-label={label}>
      {suites.map((suite) => {
        const isSelected = selectedIds.includes(suite.id);
        return (
          <li key={suite.id}>
            <Checkbox isSelected={isSelected} isDisabled={!isSelected && isFull} onChange={() => onChange(toggleId(selectedIds, suite.id, max))}>
              {suite.testSuiteName}
            </Checkbox>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The collection/tag selector of spec part 1 §2/§4: pick collections one by one, or by tags (all chosen
 * organisation tags and one of the chosen versions), then take all matching collections or tick some.
 */
export function CollectionTagSelector({ suites, tags, value, onChange, maxAllowedSelection, minSelection }: CollectionTagSelectorProps) {
  const chosenTagIds = [...value.collectionTags, ...value.versionTags];
  const [appliedTags, setAppliedTags] = useState({ collectionTags: value.collectionTags, versionTags: value.versionTags });
  const { collectionTags, versionTags } = value;
  useEffect(() => {
    const timer = setTimeout(() => setAppliedTags({ collectionTags, versionTags }), TAG_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [collectionTags, versionTags]);

  const matching = collectionsMatchingTags(suites, appliedTags);
  const error = selectionError(value, matching, { minSelection, maxAllowedSelection });
  const visibleTags = tags.filter((tag) => !tag.hideTag);
  const chosenNames = visibleTags.filter((tag) => chosenTagIds.includes(tag.id)).map((tag) => tag.tagName);

  return (
    <div className="collection-selector">
      <RadioGroup label="Select by" options={OPTION_TYPES} value={value.optionType} onChange={(id) => onChange(emptySelectorValue(id as SelectorOptionType))} />
      {value.optionType === 'COLLECTION' ? (
        <CollectionChecklist label="Collections" suites={suites} selectedIds={value.testStatusIdList} max={maxAllowedSelection} onChange={(testStatusIdList) => onChange({ ...value, testStatusIdList })} />
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
              <div className="collection-selector__actions">
                <Button onPress={() => onChange({ ...value, customTestStatusIdList: selectAll(matching, maxAllowedSelection) })}>Select all</Button>
                <Button onPress={() => onChange({ ...value, customTestStatusIdList: [] })}>Unselect all</Button>
              </div>
              <CollectionChecklist
                label="Matching collections"
                suites={matching}
                selectedIds={value.customTestStatusIdList}
                max={maxAllowedSelection}
                onChange={(customTestStatusIdList) => onChange({ ...value, customTestStatusIdList })}
              />
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
