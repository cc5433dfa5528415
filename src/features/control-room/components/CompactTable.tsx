import { useState, type ReactNode } from 'react';
import { TABLE } from '../../../shared/constants';
import { Pagination } from '../../../ui/Pagination';
import { Table, type TableColumn, type TableRowId } from '../../../ui/Table';
import { pageCount, pageRows } from '../../../ui/DataTable/table-data';

export interface CompactTableProps<Row extends { id: TableRowId }> {
  label: string;
  columns: readonly TableColumn[];
  rows: readonly Row[];
  renderCell: (row: Row, columnId: string) => ReactNode;
}

/** The queue and detail tables of part 2 §9: 10 rows a page, 444 px high, 5 page links. */
export function CompactTable<Row extends { id: TableRowId }>({ label, columns, rows, renderCell }: CompactTableProps<Row>) {
  const [requestedPage, setPage] = useState(1);
  const pages = pageCount(rows.length, TABLE.compactPageSize);
  const page = Math.min(requestedPage, pages);
  return (
    <div className="control-room__compact">
      <Table label={label} columns={columns} rows={pageRows(rows, page, TABLE.compactPageSize)} renderCell={renderCell} />
      <Pagination label={`${label} pagination`} page={page} pageCount={pages} onPageChange={setPage} />
    </div>
  );
}
