import { useContext, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  Cell,
  Column,
  ColumnResizer,
  ResizableTableContainer,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  TableStateContext,
} from 'react-aria-components';
import { MESSAGES, TABLE } from '../shared/constants';
import './table.css';

export type TableRowId = string | number;
export type ColumnWidth = number | `${number}fr`;

export interface TableColumn {
  id: string;
  header: string;
  /** Starting width in px, or a share ('2fr') of the room the px columns leave; columns without one take '1fr'. */
  width?: ColumnWidth;
  /** The least width in px, also of a shared column when the room is short (default 90): past it the table scrolls. */
  minWidth?: number;
  /** The column screen readers announce when moving between rows (one per table). */
  isRowHeader?: boolean;
}

export interface TableProps<Row extends { id: TableRowId }> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly TableColumn[];
  rows: readonly Row[];
  renderCell: (row: Row, columnId: string) => ReactNode;
  /** Extra class of a row, e.g. to highlight a changed one. */
  rowClassName?: (row: Row) => string | undefined;
  /** Double-click or Enter on a cell (Enter only when the cell itself, not a control in it, has focus). */
  onCellAction?: (row: Row, columnId: string) => void;
  emptyMessage?: ReactNode;
}

/**
 * The one wrapper of react-aria's Table: keyboard grid navigation, resizable columns (90 px minimum unless a column says)
 * and the 'No data to display' empty state.
 */
export function Table<Row extends { id: TableRowId }>({ label, columns, rows, renderCell, rowClassName, onCellAction, emptyMessage = MESSAGES.noData }: TableProps<Row>) {
  // react-aria keeps Enter on a focused cell for selection/row actions, so catch it before the cell does.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onCellAction || event.key !== 'Enter' || !(event.target instanceof HTMLElement)) return;
    // Only the cell itself: Enter in a control inside the cell belongs to that control.
    const { rowIndex, columnId } = event.target.dataset;
    const row = rows[Number(rowIndex)];
    if (row === undefined || columnId === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    onCellAction(row, columnId);
  };

  // react-aria's column resizers are range inputs in the Tab order: Tab from the grid lands on one and then stays
  // there, a keyboard trap. Out of the order they are still reached as react-aria intends, by Enter on a column header,
  // which focuses the resizer itself. react-aria renders the header after this component's own render (its collection
  // is built first), and again when columns change, so every resizer that appears in the frame is taken out.
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const takeResizersOutOfTabOrder = () => {
      for (const input of frame.querySelectorAll<HTMLInputElement>('.ui-table__resizer input')) {
        if (input.tabIndex !== -1) input.tabIndex = -1;
      }
    };
    takeResizersOutOfTabOrder();
    const observer = new MutationObserver(takeResizersOutOfTabOrder);
    observer.observe(frame, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div className="ui-table__frame" ref={frameRef} onKeyDownCapture={onKeyDownCapture}>
      <ResizableTableContainer className="ui-table__scroll">
        <AriaTable aria-label={label} className="ui-table">
          <TableHeader className="ui-table__header">
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.isRowHeader}
                defaultWidth={column.width ?? '1fr'}
                minWidth={column.minWidth ?? TABLE.minColumnWidth}
                className="ui-table__column"
              >
                <div className="ui-table__column-content">
                  <span className="ui-table__column-title">{column.header}</span>
                  <ColumnResizer className="ui-table__resizer" aria-label={`Resize ${column.header}`} />
                </div>
              </Column>
            ))}
          </TableHeader>
          <TableBody className="ui-table__body" renderEmptyState={() => <div className="ui-table__empty">{emptyMessage}</div>}>
            {rows.map((row, rowIndex) => (
              <Row key={row.id} id={row.id} className={['ui-table__row', rowClassName?.(row) ?? ''].join(' ').trim()}>
                {columns.map((column) => (
                  <Cell
                    key={column.id}
                    className="ui-table__cell"
                    data-row-index={rowIndex}
                    data-column-id={column.id}
                    onDoubleClick={onCellAction ? () => onCellAction(row, column.id) : undefined}
                  >
                    {renderCell(row, column.id)}
                  </Cell>
                ))}
              </Row>
            ))}
          </TableBody>
        </AriaTable>
      </ResizableTableContainer>
    </div>
  );
}

/**
 * Hands the arrow keys to a control inside a cell (an inline editor) while it is mounted;
 * without this the grid would move focus to the next cell on every arrow key.
 */
export function useSuspendTableNavigation(): void {
  const state = useContext(TableStateContext);
  useEffect(() => {
    if (!state) return;
    state.setKeyboardNavigationDisabled(true);
    return () => state.setKeyboardNavigationDisabled(false);
  }, [state]);
}
