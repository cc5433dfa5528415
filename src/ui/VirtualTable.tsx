import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type DOMAttributes, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useFocusable } from 'react-aria';
import { MESSAGES, TABLE } from '../shared/constants';
import { Tooltip } from './Tooltip';
import './table.css';
import './virtual-table.css';

export interface VirtualTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Width in px, a fraction such as '2fr', or any CSS grid track size; columns without one share the remaining space. */
  width?: number | string;
  /** The least width in px of a column whose `width` is not a number (default 90): what the grid keeps before it scrolls. */
  minWidth?: number;
  /** The cell's whole text: shown in a tooltip on hover or keyboard focus when the cell cuts it. */
  text?: (row: Row) => string;
  /** The cell's text may take two lines where the column is narrow (a date beside a status sidebar). */
  wraps?: boolean;
  /** The column screen readers announce when moving between rows (one per table). */
  isRowHeader?: boolean;
}

export interface VirtualTableProps<Row> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly VirtualTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Height of the scrolling grid in px, header included. */
  height?: number;
  /** Fixed height of every row (and of the header) in px; cell text longer than the column is cut with an ellipsis. */
  rowHeight?: number;
  /** Rows known to exist (a server total) while only `rows` are loaded: the grid's aria-rowcount. */
  totalRows?: number;
  /** Called when the user scrolls within about two screens of the last loaded row: load the next page. */
  onNearEnd?: () => void;
  /** Shown in the body when `rows` is empty. */
  emptyState?: ReactNode;
}

export const VIRTUAL_TABLE_ROW_HEIGHT = 40;
/** onNearEnd fires when at most this many screens of loaded rows are left below the last visible one. */
const NEAR_END_SCREENS = 2;
/** Rows rendered beyond each edge of the viewport, so fast scrolling shows no blank band. */
const OVERSCAN = 5;

/** Where keyboard focus is: a row, or one cell of it (column index). */
interface ActiveCell {
  row: number;
  column: number | null;
}

const minTrackWidth = ({ width, minWidth = TABLE.minColumnWidth }: Pick<VirtualTableColumn<unknown>, 'width' | 'minWidth'>): number =>
  typeof width === 'number' ? width : minWidth;
const trackSize = (column: Pick<VirtualTableColumn<unknown>, 'width' | 'minWidth'>): string => {
  const { width } = column;
  if (typeof width === 'number') return `${width}px`;
  if (width === undefined) return `minmax(${minTrackWidth(column)}px, 1fr)`;
  return /^\d+(\.\d+)?fr$/.test(width) ? `minmax(${minTrackWidth(column)}px, ${width})` : width;
};

/** Whether the element, or an element in it (a button's label, the lines of a wrapping cell), cuts its text. */
const isCut = (element: Element | null): boolean =>
  element !== null &&
  [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight);

/** The key a grid handles, as the next active cell; null leaves the key alone. */
function nextActive(key: string, ctrlKey: boolean, active: ActiveCell, rowCount: number, columnCount: number, pageRows: number): ActiveCell | null {
  const last = rowCount - 1;
  const toRow = (row: number): ActiveCell => ({ row: Math.max(0, Math.min(last, row)), column: active.column });
  switch (key) {
    case 'ArrowDown':
      return toRow(active.row + 1);
    case 'ArrowUp':
      return toRow(active.row - 1);
    case 'PageDown':
      return toRow(active.row + pageRows);
    case 'PageUp':
      return toRow(active.row - pageRows);
    case 'ArrowRight':
      return { row: active.row, column: active.column === null ? 0 : Math.min(columnCount - 1, active.column + 1) };
    case 'ArrowLeft':
      // From the first cell back to the whole row, as react-aria's Table does.
      return { row: active.row, column: active.column === null || active.column === 0 ? null : active.column - 1 };
    case 'Home':
      return ctrlKey || active.column === null ? toRow(0) : { row: active.row, column: 0 };
    case 'End':
      return ctrlKey || active.column === null ? toRow(last) : { row: active.row, column: columnCount - 1 };
    default:
      return null;
  }
}

/**
 * A read-only, virtualised data grid for tables of thousands of rows: @tanstack/react-virtual keeps only the rows in
 * view (plus a few) in the DOM, the header row stays on top (sticky), and the ARIA grid structure tells screen readers
 * the whole size (aria-rowcount, aria-rowindex). The keyboard works as in the Table wrapper: Tab enters at the active
 * row; arrows, Page Up/Down and Home/End move between rows (scrolling as needed), Left/Right into the cells.
 */
export function VirtualTable<R>({
  label,
  columns,
  rows,
  rowKey,
  height = TABLE.compactHeight,
  rowHeight = VIRTUAL_TABLE_ROW_HEIGHT,
  totalRows,
  onNearEnd,
  emptyState = MESSAGES.noData,
}: VirtualTableProps<R>) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveCell>({ row: 0, column: null });
  // Rows may shrink (a new search): the active row stays within them.
  const activeRow = Math.min(active.row, Math.max(0, rows.length - 1));
  const activeColumn = active.column === null ? null : Math.min(active.column, columns.length - 1);

  const bodyHeight = Math.max(rowHeight, height - rowHeight);
  const rangeExtractor = useCallback(
    // The active row stays rendered while scrolled away, so Tab still finds its way into the grid.
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return rows.length > 0 && !indexes.includes(activeRow) ? [...indexes, activeRow].sort((a, b) => a - b) : indexes;
    },
    [activeRow, rows.length],
  );
  // useVirtualizer hands back one mutable instance by design; this project does not run the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rowKey(rows[index] as R),
    overscan: OVERSCAN,
    // The body starts below the sticky header row: offsets count from there, and rows scrolled to stay clear of it.
    scrollMargin: rowHeight,
    scrollPaddingStart: rowHeight,
    rangeExtractor,
    initialRect: { width: 0, height },
    // Where nothing is laid out (tests, a hidden tab), the grid's own height stands in for the measured one.
    observeElementRect: (instance, onRect) => observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { ...rect, height })),
  });

  // onNearEnd: once per loaded length, when the visible end is within two screens of the last loaded row.
  const askedAtLength = useRef<number | null>(null);
  const virtualItems = virtualizer.getVirtualItems(); // also brings virtualizer.range up to date
  const visibleEnd = virtualizer.range?.endIndex ?? 0;
  const hasMore = totalRows === undefined || rows.length < totalRows;
  useEffect(() => {
    if (!onNearEnd || !hasMore || rows.length === 0 || askedAtLength.current === rows.length) return;
    if ((rows.length - 1 - visibleEnd) * rowHeight > NEAR_END_SCREENS * bodyHeight) return;
    askedAtLength.current = rows.length;
    onNearEnd();
  }, [onNearEnd, hasMore, rows.length, visibleEnd, rowHeight, bodyHeight]);

  // Focus follows the keyboard once the row it moved to is rendered.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const row = `[data-row-index="${activeRow}"]`;
    const selector = activeColumn === null ? `${row}[role="row"]` : `${row}[data-column-index="${activeColumn}"]`;
    // The row is in view already (scrollToIndex); focusing scrolls a cell into view sideways where the grid is wide.
    gridRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only keys on a row or cell itself: a control inside a cell keeps its own keys.
    if (rows.length === 0 || !(event.target instanceof HTMLElement) || event.target.dataset.rowIndex === undefined) return;
    const pageRows = Math.max(1, Math.floor(bodyHeight / rowHeight) - 1);
    const current = { row: activeRow, column: activeColumn };
    const next = nextActive(event.key, event.ctrlKey || event.metaKey, current, rows.length, columns.length, pageRows);
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
  };
  // A click (or a screen reader) that focuses a row or cell makes it the active one.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const { rowIndex, columnIndex } = event.target.dataset;
    if (rowIndex === undefined) return;
    const focused = { row: Number(rowIndex), column: columnIndex === undefined ? null : Number(columnIndex) };
    if (focused.row !== activeRow || focused.column !== activeColumn) setActive(focused);
  };

  const gridStyle = {
    height,
    '--ui-virtual-table-row-height': `${rowHeight}px`,
    '--ui-virtual-table-columns': columns.map(trackSize).join(' '),
    '--ui-virtual-table-min-width': `${columns.reduce((sum, column) => sum + minTrackWidth(column), 0)}px`,
  } as CSSProperties;
  // The header row, plus the server total or the loaded rows, or the one row of the empty state.
  const rowCount = Math.max(totalRows ?? 0, rows.length, 1) + 1;
  const tabIndexOf = (rowIndex: number, columnIndex: number | null) => (rowIndex === activeRow && columnIndex === activeColumn ? 0 : -1);

  return (
    <div className="ui-table__frame ui-virtual-table__frame">
      <div
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-readonly="true"
        aria-rowcount={rowCount}
        aria-colcount={columns.length}
        className="ui-table ui-virtual-table"
        // Without rows nothing inside takes focus, yet the header may scroll sideways: the grid itself takes Tab so
        // the keyboard can scroll it (axe scrollable-region-focusable).
        tabIndex={rows.length === 0 ? 0 : undefined}
        style={gridStyle}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="rowgroup" className="ui-virtual-table__head">
          <div role="row" aria-rowindex={1} className="ui-virtual-table__row">
            {columns.map((column, columnIndex) => (
              <div key={column.id} role="columnheader" aria-colindex={columnIndex + 1} className="ui-table__column ui-virtual-table__column">
                {/* A narrow column's title takes two lines rather than being cut. */}
                <span className="ui-table__column-title ui-virtual-table__lines">{column.header}</span>
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="ui-virtual-table__body" style={{ height: rows.length === 0 ? undefined : virtualizer.getTotalSize() }}>
          {rows.length === 0 ? (
            <div role="row" aria-rowindex={2} className="ui-virtual-table__empty-row">
              <div role="gridcell" aria-colindex={1} aria-colspan={columns.length} className="ui-table__empty">
                {emptyState}
              </div>
            </div>
          ) : (
            virtualItems.map((item) => {
              const row = rows[item.index] as R;
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-row-index={item.index}
                  tabIndex={tabIndexOf(item.index, null)}
                  className={item.index % 2 === 1 ? 'ui-virtual-table__row ui-virtual-table__row--even' : 'ui-virtual-table__row'}
                  style={{ transform: `translateY(${item.start - rowHeight}px)` }}
                >
                  {columns.map((column, columnIndex) => {
                    const cell: GridCellProps = {
                      isRowHeader: column.isRowHeader,
                      rowIndex: item.index,
                      columnIndex,
                      tabIndex: tabIndexOf(item.index, columnIndex),
                      children: column.wraps ? <span className="ui-virtual-table__lines">{column.cell(row)}</span> : column.cell(row),
                      wraps: column.wraps,
                    };
                    return column.text ? <CutTextCell key={column.id} text={column.text(row)} {...cell} /> : <GridCell key={column.id} {...cell} />;
                  })}
                </div>
              );
            })
          )}
        </div>
      </div>
    </div>
  );
}

interface GridCellProps {
  isRowHeader?: boolean;
  wraps?: boolean;
  rowIndex: number;
  columnIndex: number;
  tabIndex: number;
  children: ReactNode;
  /** Props of react-aria's focus handling (a tooltip trigger's), laid under the cell's own. */
  focusProps?: DOMAttributes<HTMLDivElement>;
  cellRef?: RefObject<HTMLDivElement | null>;
}

function GridCell({ isRowHeader, wraps, rowIndex, columnIndex, tabIndex, children, focusProps, cellRef }: GridCellProps) {
  return (
    <div
      {...focusProps}
      ref={cellRef}
      role={isRowHeader ? 'rowheader' : 'gridcell'}
      aria-colindex={columnIndex + 1}
      data-row-index={rowIndex}
      data-column-index={columnIndex}
      tabIndex={tabIndex}
      className={wraps ? 'ui-table__cell ui-virtual-table__cell ui-virtual-table__cell--wraps' : 'ui-table__cell ui-virtual-table__cell'}
    >
      {children}
    </div>
  );
}

/** A cell the tooltip trigger around it can focus and hover. */
function TooltipTriggerCell(props: GridCellProps & { cellRef: RefObject<HTMLDivElement | null> }) {
  const { focusableProps } = useFocusable({}, props.cellRef);
  return <GridCell {...props} focusProps={focusableProps} />;
}

/** A cell that shows its whole text in a tooltip, on hover or keyboard focus, when its column cuts it. */
function CutTextCell({ text, ...cell }: GridCellProps & { text: string }) {
  const cellRef = useRef<HTMLDivElement>(null);
  return (
    <Tooltip content={text} hideAfterMs={TABLE.tooltipHideMs} shouldOpen={() => text !== '' && isCut(cellRef.current)}>
      <TooltipTriggerCell {...cell} cellRef={cellRef} />
    </Tooltip>
  );
}
