import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import type { CollectionSummary } from '../../../shared/contracts/collections';

export interface CollectionToolbarProps {
  collections: readonly CollectionSummary[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canSave: boolean;
  isBusy: boolean;
  onOpen: () => void;
  onSave: () => void;
  onRun: () => void;
  onNew: () => void;
}

/** The collection selector with Open, Save and Run (spec part 1 §2); Open and Run need a selected collection. */
export function CollectionToolbar({ collections, selectedId, onSelect, canSave, isBusy, onOpen, onSave, onRun, onNew }: CollectionToolbarProps) {
  const options = collections.map((collection) => ({
    id: collection.id,
    label: collection.testSuiteName,
    isDisabled: collection.result === 'deleted',
  }));
  const hasSelection = selectedId !== null;
  return (
    <div className="studio-toolbar" role="toolbar" aria-label="Collection">
      <Select label="Collection" placeholder="Select a collection" options={options} selectedKey={selectedId} onSelectionChange={onSelect} />
      <Button onPress={onOpen} isDisabled={!hasSelection || isBusy}>
        Open
      </Button>
      <Button variant="primary" onPress={onSave} isDisabled={!canSave || isBusy}>
        Save
      </Button>
      <Button onPress={onRun} isDisabled={!hasSelection || isBusy}>
        Run
      </Button>
      <Button variant="ghost" onPress={onNew} isDisabled={isBusy}>
        New collection
      </Button>
    </div>
  );
}
