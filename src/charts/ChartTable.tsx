import { useState } from 'react';
import { TABLE } from '../shared/constants';
import { Pagination } from '../ui/Pagination';
import { Table } from '../ui/Table';
import { NO_DATA_MESSAGE } from './constants';
import type { TableChartData, TableChartRow } from './types';

export interface ChartTableProps {
  /** The table's accessible name (the element's title or its chart type). */
  label: string;
  data: TableChartData;
}

/** The table and historical table views: the one Table wrapper, paged by §9's table page size of 10. */
export function ChartTable({ label, data }: ChartTableProps) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(data.rows.length / TABLE.compactPageSize));
  // A narrower frame can leave fewer pages than the one on screen.
  const shownPage = Math.min(page, pageCount);
  const rows = data.rows.slice((shownPage - 1) * TABLE.compactPageSize, shownPage * TABLE.compactPageSize);
  return (
    <div className="chart-table">
      <Table<TableChartRow>
        label={label}
        columns={data.columns.map((column, index) => ({ ...column, isRowHeader: index === 0 }))}
        rows={rows}
        renderCell={(row, columnId) => row.cells[columnId] ?? ''}
        emptyMessage={NO_DATA_MESSAGE}
      />
      <Pagination page={shownPage} pageCount={pageCount} onPageChange={setPage} label={`${label} pages`} />
    </div>
  );
}
