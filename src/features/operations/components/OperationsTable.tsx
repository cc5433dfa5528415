import type { ReactNode } from 'react';
import { MESSAGES, TABLE } from '../../../shared/constants';
import { Spinner } from '../../../ui/ProgressBar';
import { VirtualTable, type VirtualTableColumn } from '../../../ui/VirtualTable';
import type { OperationsColumnSpec } from '../columns';

export type OperationsColumn<Row> = VirtualTableColumn<Row>;

export interface OperationsTableProps<Row> {
  label: string;
  /** The export columns, shown as text unless `cells` renders one (a name as a button). */
  columns: readonly OperationsColumnSpec<Row>[];
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  /** Columns only the table has (actions). */
  extraColumns?: readonly OperationsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  isPending: boolean;
  /** Shown when nothing could be loaded; rows kept from before stay on screen. */
  error: Error | null;
  totalRows?: number;
  onNearEnd?: () => void;
}

/** A result or queue table of the Operations Centre: 444 px high, about 10 rows in view, rows virtualised (part 2 §9). */
export function OperationsTable<Row>({ label, columns, cells = {}, extraColumns = [], rows, rowKey, isPending, error, totalRows, onNearEnd }: OperationsTableProps<Row>) {
  const tableColumns: OperationsColumn<Row>[] = [
    ...columns.map((column, index) => {
      const textOf = (row: Row) => String(column.value(row) ?? '');
      return {
        id: column.header,
        header: column.header,
        width: column.width,
        minWidth: column.minWidth,
        wraps: column.wraps,
        isRowHeader: index === 0,
        cell: cells[column.header] ?? textOf,
        text: textOf,
      };
    }),
    ...extraColumns,
  ];
  const emptyState = isPending ? (
    <Spinner label={`Loading ${label}`} />
  ) : error ? (
    <p role="alert" className="operations__error">
      {error.message}
    </p>
  ) : (
    MESSAGES.noData
  );
  return (
    <>
      {error && rows.length > 0 && (
        <p role="alert" className="operations__error">
          {error.message}
        </p>
      )}
      <VirtualTable
      label={label}
      columns={tableColumns}
      rows={rows}
      rowKey={rowKey}
      height={TABLE.compactHeight}
      totalRows={totalRows}
      onNearEnd={onNearEnd}
        emptyState={emptyState}
      />
    </>
  );
}
