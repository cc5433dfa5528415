import { useRef, useState } from 'react';
import type { TableRowId } from '../Table';
import { cellText } from './table-data';
import type { DataTableColumn, DataTableRow, DataTableValues } from './types';

export interface CellEdit<Row extends DataTableRow> {
  /** The row as loaded for editing (beforeEdit may have fetched its full details). */
  row: Row;
  column: DataTableColumn<Row>;
  original: string;
  draft: string;
  touched: boolean;
  saving: boolean;
}

export interface InlineEditOptions<Row extends DataTableRow> {
  onSave?: (row: Row, changes: DataTableValues) => Promise<void>;
  beforeEdit?: (row: Row) => Promise<Row>;
  onSaved: (id: TableRowId) => void;
}

/** Whether the editor closed (saved or nothing to save) or stays open (invalid, or the save failed). */
export type CommitResult = 'closed' | 'open';

/**
 * One cell in edit mode at a time. Leaving the cell saves only a valid, changed value; Escape drops the draft.
 * A failed save keeps the draft in the editor; the caller reports the error (e.g. with a toast).
 */
export function useInlineEdit<Row extends DataTableRow>({ onSave, beforeEdit, onSaved }: InlineEditOptions<Row>) {
  const [edit, setEditState] = useState<CellEdit<Row> | null>(null);
  const [loadingCell, setLoadingCell] = useState<{ rowId: TableRowId; columnKey: string } | null>(null);
  // Blur, Enter and Escape can arrive in one tick; they must all see the latest edit, not a render's copy.
  const current = useRef<CellEdit<Row> | null>(null);

  const setEdit = (next: CellEdit<Row> | null) => {
    current.current = next;
    setEditState(next);
  };

  async function start(row: Row, column: DataTableColumn<Row>): Promise<void> {
    if (!onSave || !column.editable || current.current || loadingCell) return;
    let editedRow = row;
    if (beforeEdit) {
      setLoadingCell({ rowId: row.id, columnKey: column.key });
      try {
        editedRow = await beforeEdit(row);
      } catch {
        // The hook's owner reports its own failure; the cell just stays read-only.
        return;
      } finally {
        setLoadingCell(null);
      }
    }
    const original = cellText(column, editedRow);
    setEdit({ row: editedRow, column, original, draft: original, touched: false, saving: false });
  }

  function change(draft: string): void {
    if (current.current) setEdit({ ...current.current, draft, touched: true });
  }

  function cancel(): void {
    if (current.current && !current.current.saving) setEdit(null);
  }

  async function commit(): Promise<CommitResult> {
    const active = current.current;
    if (!active || !onSave) return 'closed';
    if (active.saving) return 'open';
    if (active.column.validate?.(active.draft)) {
      setEdit({ ...active, touched: true });
      return 'open';
    }
    if (active.draft === active.original) {
      setEdit(null);
      return 'closed';
    }
    setEdit({ ...active, saving: true });
    try {
      await onSave(active.row, { [active.column.key]: active.draft });
    } catch {
      setEdit({ ...active, touched: true });
      return 'open';
    }
    setEdit(null);
    onSaved(active.row.id);
    return 'closed';
  }

  const isEditing = (rowId: TableRowId, columnKey: string) => edit?.row.id === rowId && edit.column.key === columnKey;
  const isLoading = (rowId: TableRowId, columnKey: string) => loadingCell?.rowId === rowId && loadingCell.columnKey === columnKey;

  return { edit, start, change, cancel, commit, isEditing, isLoading };
}
