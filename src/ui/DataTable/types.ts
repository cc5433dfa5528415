import type { ReactNode } from 'react';
import type { ColumnWidth, TableRowId } from '../Table';

export interface DataTableRow {
  id: TableRowId;
}

export interface DataTableColumn<Row extends DataTableRow> {
  /** Unique per table; also the row field shown when `value` is not given. */
  key: string;
  header: string;
  /** The cell's text: what search, filters, CSV export and the editor work on. Defaults to the `key` field. */
  value?: (row: Row) => string;
  /** What the cell shows, when not its text (links, badges, action buttons). */
  render?: (row: Row) => ReactNode;
  editable?: boolean;
  /** An error key (see src/lib/error-messages.ts) or null when the value is valid. */
  validate?: (value: string) => string | null;
  /** Starting width in px, or a share ('2fr') of the room left (see Table's column). */
  width?: ColumnWidth;
  minWidth?: number;
  isRowHeader?: boolean;
}

/** Edited or added values by column key. */
export type DataTableValues = Readonly<Record<string, string>>;
