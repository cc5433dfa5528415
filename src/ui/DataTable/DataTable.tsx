import { useEffect, useState, type ReactNode } from 'react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { TABLE } from '../../shared/constants';
import { Button } from '../Button';
import { MenuButton, type MenuAction } from '../Menu';
import { Tooltip } from '../Tooltip';
import { Pagination } from '../Pagination';
import { SearchField } from '../SearchField';
import { Table, type TableRowId } from '../Table';
import { TextField } from '../TextField';
import { AddRowForm } from './AddRowForm';
import { CellEditor } from './CellEditor';
import { ExportCsvDialog } from './ExportCsvDialog';
import { cellText, matchesFilters, matchesSearch, pageCount, pageRows } from './table-data';
import type { DataTableColumn, DataTableRow, DataTableValues } from './types';
import { useChangedRows, type ChangedRows } from './useChangedRows';
import { useInlineEdit } from './useInlineEdit';
import './data-table.css';

export interface DataTableProps<Row extends DataTableRow> {
  /** Accessible name of the table; also names its search, filters, pagination and export file. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  pageSize?: number;
  /** Saves an inline edit; reject to keep the editor open (report the error yourself). */
  onSave?: (row: Row, changes: DataTableValues) => Promise<void>;
  /** Runs before a cell enters edit mode and returns the row to edit, e.g. with its full details loaded. */
  beforeEdit?: (row: Row) => Promise<Row>;
  /** Adds a row from the inline Add form; without it there is no Add button. */
  onAdd?: (values: DataTableValues) => Promise<void>;
  /** Extra filters shown with the column filters, e.g. a source filter. */
  filters?: ReactNode;
  /** Starting file name of Export CSV; defaults to the label. */
  exportFileName?: string;
  /** Told which row is in edit mode and whether its draft is valid (null when none), e.g. to disable a row action. */
  onEditingChange?: (editing: { rowId: TableRowId; isValid: boolean } | null) => void;
  /**
   * The highlighted rows, when rows also change outside inline edits (row actions, dialogs): create it with
   * useChangedRows() and call markChanged(id) after such a save. Inline saves mark rows in it too.
   */
  changedRows?: ChangedRows;
}

const EXPORT_ACTION = 'export-csv';
const COLUMN_ACTION_PREFIX = 'column:';

/**
 * The generic inline-editable table (spec part 2 §2): search on Enter, options menu (Export CSV, column
 * visibility), filter row, 'N total', pagination, inline Add form, double-click or Enter to edit a cell,
 * changed rows highlighted, resizable columns, and at most TABLE.dataLimit rows.
 */
export function DataTable<Row extends DataTableRow>({
  label,
  columns,
  rows,
  pageSize = TABLE.defaultPageSize,
  onSave,
  beforeEdit,
  onAdd,
  filters,
  exportFileName = label,
  onEditingChange,
  changedRows,
}: DataTableProps<Row>) {
  const [searchDraft, setSearchDraft] = useState('');
  const [query, setQuery] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [columnFilters, setColumnFilters] = useState<DataTableValues>({});
  const [hiddenColumns, setHiddenColumns] = useState<ReadonlySet<string>>(() => new Set());
  const [requestedPage, setRequestedPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const ownChangedRows = useChangedRows();
  const { changed, markChanged } = changedRows ?? ownChangedRows;
  const editing = useInlineEdit({ onSave, beforeEdit, onSaved: markChanged });
  const editedRowId = editing.edit?.row.id;
  const editIsValid = editing.edit ? !editing.edit.column.validate?.(editing.edit.draft) : true;
  useEffect(() => {
    onEditingChange?.(editedRowId === undefined ? null : { rowId: editedRowId, isValid: editIsValid });
  }, [onEditingChange, editedRowId, editIsValid]);

  const visibleColumns = columns.filter((column) => !hiddenColumns.has(column.key));
  const limitedRows = rows.slice(0, TABLE.dataLimit);
  const shownRows = limitedRows.filter((row) => matchesSearch(row, visibleColumns, query) && matchesFilters(row, visibleColumns, columnFilters));
  const pages = pageCount(shownRows.length, pageSize);
  const page = Math.min(requestedPage, pages);

  const applySearch = (value: string) => {
    setQuery(value);
    setRequestedPage(1);
  };

  const menuItems: MenuAction[] = [
    { id: EXPORT_ACTION, label: 'Export CSV' },
    ...columns.map((column) => {
      const hidden = hiddenColumns.has(column.key);
      return {
        id: `${COLUMN_ACTION_PREFIX}${column.key}`,
        label: `${hidden ? 'Show' : 'Hide'} column ${column.header}`,
        isDisabled: !hidden && visibleColumns.length === 1,
      };
    }),
  ];

  const onMenuAction = (id: string) => {
    if (id === EXPORT_ACTION) {
      setExporting(true);
      return;
    }
    const key = id.slice(COLUMN_ACTION_PREFIX.length);
    setHiddenColumns((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };

  const exportCsv = (fileName: string) => {
    const csvColumns = visibleColumns.map((column) => ({ header: column.header, value: (row: Row) => cellText(column, row) }));
    downloadCsv(fileName, toCsv(csvColumns, shownRows));
  };

  const renderCell = (row: Row, columnKey: string): ReactNode => {
    const column = columns.find((candidate) => candidate.key === columnKey);
    if (!column) return null;
    if (editing.edit && editing.isEditing(row.id, columnKey)) {
      return <CellEditor edit={editing.edit} onChange={editing.change} onCommit={editing.commit} onCancel={editing.cancel} />;
    }
    return (
      <span className="data-table__value" aria-busy={editing.isLoading(row.id, columnKey) || undefined}>
        {column.render ? column.render(row) : cellText(column, row)}
      </span>
    );
  };

  return (
    // Not a landmark: the grid inside carries the name, and the screen around it is the region (axe landmark-unique).
    <div className="data-table">
      <div className="data-table__toolbar">
        <SearchField
          label={`Search ${label}`}
          hideLabel
          placeholder="Search"
          value={searchDraft}
          onChange={setSearchDraft}
          onSubmit={applySearch}
          onClear={() => applySearch('')}
        />
        <Tooltip content={filtersOpen ? 'Hide the column filters' : 'Filter by column'} hideAfterMs={TABLE.tooltipHideMs}>
          <Button variant="ghost" aria-pressed={filtersOpen} onPress={() => setFiltersOpen((open) => !open)}>
            Filter
          </Button>
        </Tooltip>
        {onAdd && (
          <Button variant="primary" isDisabled={adding} onPress={() => setAdding(true)}>
            Add
          </Button>
        )}
        <span className="data-table__spacer" />
        <MenuButton label={`${label} options`} trigger="⋮" items={menuItems} onAction={onMenuAction} />
      </div>

      {filtersOpen && (
        <div role="group" aria-label={`${label} filters`} className="data-table__filters">
          {filters}
          {visibleColumns.map((column) => (
            <TextField
              key={column.key}
              label={`Filter ${column.header}`}
              value={columnFilters[column.key] ?? ''}
              onChange={(value) => {
                setColumnFilters((previous) => ({ ...previous, [column.key]: value }));
                setRequestedPage(1);
              }}
            />
          ))}
        </div>
      )}

      {rows.length > TABLE.dataLimit && (
        <p className="data-table__notice" role="status">
          {`Showing the first ${TABLE.dataLimit} of ${rows.length} rows.`}
        </p>
      )}

      {adding && onAdd && (
        <AddRowForm
          label={`New ${label} row`}
          columns={columns.filter((column) => column.editable)}
          onAdd={onAdd}
          onClose={() => setAdding(false)}
        />
      )}

      <Table
        label={label}
        columns={visibleColumns.map((column) => ({ id: column.key, header: column.header, width: column.width, minWidth: column.minWidth, isRowHeader: column.isRowHeader }))}
        rows={pageRows(shownRows, page, pageSize)}
        renderCell={renderCell}
        rowClassName={(row) => (changed.has(row.id) ? 'data-table__row--changed' : undefined)}
        onCellAction={(row, columnKey) => {
          const column = columns.find((candidate) => candidate.key === columnKey);
          if (column) void editing.start(row, column);
        }}
      />

      <div className="data-table__footer">
        <span className="data-table__count">{`${shownRows.length} total`}</span>
        <Pagination label={`${label} pagination`} page={page} pageCount={pages} onPageChange={setRequestedPage} />
      </div>

      {exporting && <ExportCsvDialog defaultFileName={exportFileName} onExport={exportCsv} onClose={() => setExporting(false)} />}
    </div>
  );
}
