import { useState } from 'react';
import { MultiSelect, Select, type SelectOption } from './Select';

/** A collection as a selector lists it; `result` 'deleted' shows it disabled (spec part 1 §3). */
export interface CollectionChoice {
  id: string;
  testSuiteName: string;
  result?: string;
}

export interface SelectionLimits {
  /** At most this many picks: the other collections are disabled once it is reached. */
  maxAllowedSelection?: number;
  /** At least this many picks before the list may close. */
  minSelection?: number;
}

export const SELECTION_MESSAGES = {
  belowMinimum: (minimum: number) => `Select at least ${minimum} collections.`,
  aboveMaximum: (maximum: number) => `Select at most ${maximum} collections.`,
} as const;

/** Why `count` picks break the limits, or null. */
export function selectionLimitError(count: number, limits: SelectionLimits): string | null {
  if (limits.minSelection !== undefined && count < limits.minSelection) return SELECTION_MESSAGES.belowMinimum(limits.minSelection);
  if (limits.maxAllowedSelection !== undefined && count > limits.maxAllowedSelection) return SELECTION_MESSAGES.aboveMaximum(limits.maxAllowedSelection);
  return null;
}

interface CommonProps {
  label: string;
  collections: readonly CollectionChoice[];
  placeholder?: string;
  hideLabel?: boolean;
  isDisabled?: boolean;
}

export interface SingleCollectionSelectorProps extends CommonProps {
  selectionMode?: 'single';
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

export interface MultipleCollectionSelectorProps extends CommonProps, SelectionLimits {
  selectionMode: 'multiple';
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** The rule of the form the selector fills (e.g. 'Select at least one collection.'): the list stays open while it holds. */
  formError?: string | null;
  /** The surrounding form shows the error itself; the selector then shows it only in its open list. */
  hideFieldError?: boolean;
}

export type CollectionSelectorProps = SingleCollectionSelectorProps | MultipleCollectionSelectorProps;

const DEFAULT_PLACEHOLDER = 'Select a collection';
const isDeleted = (collection: CollectionChoice) => collection.result === 'deleted';

function MultipleCollectionSelector(props: MultipleCollectionSelectorProps) {
  const { label, collections, placeholder, hideLabel, isDisabled, selectedIds, onChange, maxAllowedSelection, minSelection, formError, hideFieldError } = props;
  const [isOpen, setOpen] = useState(false);
  const isFull = maxAllowedSelection !== undefined && selectedIds.length >= maxAllowedSelection;
  const options: SelectOption[] = collections.map((collection) => ({
    id: collection.id,
    label: collection.testSuiteName,
    isDisabled: isDeleted(collection) || (isFull && !selectedIds.includes(collection.id)),
  }));
  const error = formError ?? selectionLimitError(selectedIds.length, { maxAllowedSelection, minSelection });
  // A minimum no pick can reach (fewer collections than that) must not trap the user in the list.
  const pickable = options.filter((option) => !option.isDisabled || selectedIds.includes(option.id)).length;
  const closeBlocker = minSelection !== undefined && pickable < minSelection ? null : error;

  const change = (ids: string[]) => {
    const adds = ids.some((id) => !selectedIds.includes(id));
    if (adds && maxAllowedSelection !== undefined && ids.length > maxAllowedSelection) return;
    onChange(ids);
  };

  return (
    <MultiSelect
      label={label}
      options={options}
      selectedKeys={selectedIds}
      onSelectionChange={change}
      placeholder={placeholder ?? DEFAULT_PLACEHOLDER}
      hideLabel={hideLabel}
      isDisabled={isDisabled}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open || !closeBlocker) setOpen(open);
      }}
      listMessage={closeBlocker ?? undefined}
      errorMessage={hideFieldError || isOpen ? undefined : (error ?? undefined)}
    />
  );
}

/**
 * The collection selector of spec part 1 §2. Single mode closes on an outside click or after one pick. Multiple mode
 * stays open while picking; maxAllowedSelection limits the picks, and it cannot close while fewer than minSelection
 * are picked or while `formError` holds.
 */
export function CollectionSelector(props: CollectionSelectorProps) {
  if (props.selectionMode === 'multiple') return <MultipleCollectionSelector {...props} />;
  const { label, collections, placeholder, hideLabel, isDisabled, selectedId, onSelect } = props;
  return (
    <Select
      label={label}
      placeholder={placeholder ?? DEFAULT_PLACEHOLDER}
      hideLabel={hideLabel}
      isDisabled={isDisabled}
      options={collections.map((collection) => ({ id: collection.id, label: collection.testSuiteName, isDisabled: isDeleted(collection) }))}
      selectedKey={selectedId}
      onSelectionChange={onSelect}
    />
  );
}
