import { useState, type KeyboardEvent } from 'react';
import { TABLE } from '../shared/constants';
import { Pagination } from '../ui/Pagination';
import { NO_DATA_MESSAGE } from './constants';
import type { TableChartData } from './types';
import '../ui/table.css';
import './charts.css';

export interface ChartTableProps {
  /** The table's accessible name (the element's title or its chart type). */
  label: string;
  data: TableChartData;
}

/** The attribute of every cell the grid's roving tab stop moves between. */
const CELL_ATTRIBUTE = 'data-grid-cell';

/**
 * Arrow keys, Home and End move focus between the cells of the grid it is attached to (Ctrl+Home/End to the first or
 * last cell), working on the DOM like the charts' marks so a key press never re-renders the table.
 */
function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>): void {
  const current = event.target;
  if (!(current instanceof HTMLElement) || !current.hasAttribute(CELL_ATTRIBUTE)) return;
  const rows = Array.from(event.currentTarget.rows, (row) => Array.from(row.querySelectorAll<HTMLElement>(`[${CELL_ATTRIBUTE}]`))).filter((cells) => cells.length > 0);
  const rowIndex = rows.findIndex((cells) => cells.includes(current));
  const columnIndex = rows[rowIndex]?.indexOf(current) ?? -1;
  if (rowIndex < 0 || columnIndex < 0) return;
  const last = rows.length - 1;
  const moves: Record<string, [number, number]> = {
    ArrowRight: [rowIndex, columnIndex + 1],
    ArrowLeft: [rowIndex, columnIndex - 1],
    ArrowDown: [rowIndex + 1, columnIndex],
    ArrowUp: [rowIndex - 1, columnIndex],
    Home: event.ctrlKey ? [0, 0] : [rowIndex, 0],
    End: event.ctrlKey ? [last, Number.MAX_SAFE_INTEGER] : [rowIndex, Number.MAX_SAFE_INTEGER],
  };
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  const row = rows[Math.min(last, Math.max(0, move[0]))] ?? [];
  const next = row[Math.min(row.length - 1, Math.max(0, move[1]))];
  if (!next || next === current) return;
  current.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

/**
 * The table and historical table views, paged by §9's table page size of 10: a plain ARIA grid (one tab stop, arrow
 * keys between cells) in the Table wrapper's look. The react-aria Table costs far more per cell than a read-only
 * grid of text needs, and a report draws several of these at once.
 */
export function ChartTable({ label, data }: ChartTableProps) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(data.rows.length / TABLE.compactPageSize));
  // A narrower frame can leave fewer pages than the one on screen.
  const shownPage = Math.min(page, pageCount);
  const rows = data.rows.slice((shownPage - 1) * TABLE.compactPageSize, shownPage * TABLE.compactPageSize);
  return (
    <div className="chart-table">
      <div className="ui-table__frame">
        <div className="ui-table__scroll">
          <table role="grid" aria-label={label} aria-rowcount={data.rows.length + 1} className="ui-table" onKeyDown={onGridKeyDown}>
            <thead className="ui-table__header">
              <tr role="row" aria-rowindex={1}>
                {data.columns.map((column, index) => (
                  <th key={column.id} role="columnheader" scope="col" className="ui-table__column" tabIndex={index === 0 ? 0 : -1} {...{ [CELL_ATTRIBUTE]: '' }}>
                    <div className="ui-table__column-content">
                      <span className="ui-table__column-title">{column.header}</span>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="ui-table__body">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={Math.max(1, data.columns.length)}>
                    <div className="ui-table__empty">{NO_DATA_MESSAGE}</div>
                  </td>
                </tr>
              ) : (
                rows.map((row, index) => (
                  <tr key={row.id} role="row" className="ui-table__row" aria-rowindex={(shownPage - 1) * TABLE.compactPageSize + index + 2}>
                    {data.columns.map((column, columnIndex) =>
                      columnIndex === 0 ? (
                        <th key={column.id} role="rowheader" scope="row" className="ui-table__cell chart-table__row-header" tabIndex={-1} {...{ [CELL_ATTRIBUTE]: '' }}>
                          {row.cells[column.id] ?? ''}
                        </th>
                      ) : (
                        <td key={column.id} role="gridcell" className="ui-table__cell" tabIndex={-1} {...{ [CELL_ATTRIBUTE]: '' }}>
                          {row.cells[column.id] ?? ''}
                        </td>
                      ),
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
      <Pagination page={shownPage} pageCount={pageCount} onPageChange={setPage} label={`${label} pages`} />
    </div>
  );
}
