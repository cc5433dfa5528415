import { useRef, type KeyboardEvent } from 'react';
import { visibleError } from '../../lib/error-messages';
import { useSuspendTableNavigation } from '../Table';
import { TextField } from '../TextField';
import type { CellEdit, CommitResult } from './useInlineEdit';
import type { DataTableRow } from './types';

export interface CellEditorProps<Row extends DataTableRow> {
  edit: CellEdit<Row>;
  onChange: (draft: string) => void;
  onCommit: () => Promise<CommitResult>;
  onCancel: () => void;
}

/** The input of a cell in edit mode: Enter or leaving saves, Escape cancels; keyboard focus returns to the cell. */
export function CellEditor<Row extends DataTableRow>({ edit, onChange, onCommit, onCancel }: CellEditorProps<Row>) {
  useSuspendTableNavigation();
  const fieldRef = useRef<HTMLDivElement>(null);
  const error = visibleError(edit.column.validate?.(edit.draft) ?? null, edit.touched);

  // The Table marks its cells (gridcell or rowheader) with data-column-id.
  const owningCell = () => fieldRef.current?.closest<HTMLElement>('[data-column-id]');

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      onCancel();
      owningCell()?.focus();
    } else if (event.key === 'Enter') {
      const cell = owningCell();
      void onCommit().then((result) => {
        if (result === 'closed') cell?.focus();
      });
    }
  };

  return (
    <div ref={fieldRef} className="data-table__editor">
      <TextField
        label={`Edit ${edit.column.header}`}
        hideLabel
        value={edit.draft}
        onChange={onChange}
        onBlur={() => void onCommit()}
        onKeyDown={onKeyDown}
        isReadOnly={edit.saving}
        errorMessage={error ?? undefined}
        autoFocus
      />
    </div>
  );
}
