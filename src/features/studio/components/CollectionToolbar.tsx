import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { CollectionSelector } from '../../../ui/CollectionSelector';
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
  /** Buttons other features add to the toolbar (Import and Export), composed by the route. */
  toolbarExtras?: ReactNode;
}

/** The collection selector with Open, Save and Run (spec part 1 §2); Open and Run need a selected collection. */
export function CollectionToolbar({ collections, selectedId, onSelect, canSave, isBusy, onOpen, onSave, onRun, onNew, toolbarExtras }: CollectionToolbarProps) {
  const hasSelection = selectedId !== null;
  return (
    <div className="studio-toolbar" role="toolbar" aria-label="Collection">
      <CollectionSelector label="Collection" collections={collections} selectedId={selectedId} onSelect={onSelect} />
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
      {toolbarExtras}
    </div>
  );
}
