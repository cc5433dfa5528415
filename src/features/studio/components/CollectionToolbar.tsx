import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { CollectionSelector } from '../../../ui/CollectionSelector';
import type { CollectionSummary } from '../../../shared/contracts/collections';
import { fieldsToCompleteText } from '../studio-messages';

/** Ctrl+S, or ⌘S on Apple keyboards (StudioPage listens for both). */
const SAVE_SHORTCUT = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘S' : 'Ctrl+S';

export interface CollectionToolbarProps {
  collections: readonly CollectionSummary[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  canSave: boolean;
  /** Open, Save or Run is under way: the buttons refuse presses but keep focus (react-aria's pending state). */
  isBusy: boolean;
  /** Fields that keep the open collection from being saved, and how to show them; 0 when it can be saved. */
  problemCount: number;
  onShowProblems: () => void;
  onOpen: () => void;
  onSave: () => void;
  onRun: () => void;
  onNew: () => void;
  /** Buttons other features add to the toolbar (Import and Export), composed by the route. */
  toolbarExtras?: ReactNode;
}

/**
 * The collection selector with Open, Save and Run (spec part 1 §2); Open and Run need a selected collection. It stays
 * at the top of the window over a long editor (issue 27). While a command is under way its buttons are pending, not
 * disabled: a disabled button drops keyboard focus to <body>.
 */
export function CollectionToolbar(props: CollectionToolbarProps) {
  const { collections, selectedId, onSelect, canSave, isBusy, problemCount, onShowProblems, onOpen, onSave, onRun, onNew, toolbarExtras } = props;
  const hasSelection = selectedId !== null;
  return (
    <div className="studio-toolbar" role="toolbar" aria-label="Collection">
      <CollectionSelector label="Collection" collections={collections} selectedId={selectedId} onSelect={onSelect} />
      <Button onPress={onOpen} isDisabled={!hasSelection} isPending={isBusy}>
        Open
      </Button>
      <Button variant="primary" onPress={onSave} isDisabled={!canSave} isPending={isBusy} aria-keyshortcuts="Control+S Meta+S">
        Save
        <kbd className="studio-toolbar__shortcut" aria-hidden="true">
          {SAVE_SHORTCUT}
        </kbd>
      </Button>
      <Button onPress={onRun} isDisabled={!hasSelection} isPending={isBusy}>
        Run
      </Button>
      <Button variant="ghost" onPress={onNew} isPending={isBusy}>
        New collection
      </Button>
      {toolbarExtras}
      {problemCount > 0 && (
        <p className="studio-toolbar__problems">
          {fieldsToCompleteText(problemCount)}
          <Button variant="ghost" onPress={onShowProblems}>
            Show the fields
          </Button>
        </p>
      )}
    </div>
  );
}
