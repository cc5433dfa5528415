import { useMemo } from 'react';
import type { DataBreakdownConfig, Dataset, DatasetRow } from '../../../shared/contracts/dashboards';
import { Disclosure } from '../../../ui/Disclosure';
import { VirtualTable, type VirtualTableColumn } from '../../../ui/VirtualTable';
import { filterRows, withIsoTimes } from '../chart-data/dataset';

/** Part 3 §9: the raw table's rows are 50 px high; the table shows five of them at a time. */
const RAW_ROW_HEIGHT = 50;
const RAW_TABLE_HEIGHT = RAW_ROW_HEIGHT * 6;

interface NumberedRow {
  index: number;
  row: DatasetRow;
}

export interface RawDataTableProps {
  dataset: Dataset;
  config: DataBreakdownConfig;
}

/**
 * The collapsible Raw Data Table (part 3 §2): the breakdown's rows after its filters, in the shown attributes, with
 * times as ISO times (§3). Collapsed by default: a year of steps is a lot to lay out for a glance at the chart.
 */
export function RawDataTable({ dataset, config }: RawDataTableProps) {
  const rows = useMemo(
    () => filterRows(withIsoTimes(dataset), config.config).map((row, index): NumberedRow => ({ index, row })),
    [dataset, config.config],
  );
  const labels = new Map(dataset.attributes.map((attribute) => [attribute.name, attribute.label]));
  const columns: VirtualTableColumn<NumberedRow>[] = config.activeAttrs.map((name, position) => ({
    id: name,
    header: labels.get(name) ?? name,
    cell: ({ row }) => String(row[name] ?? ''),
    isRowHeader: position === 0,
  }));
  return (
    <Disclosure title={`Raw Data Table (${rows.length} rows)`} className="report-editor__raw">
      <VirtualTable label="Raw Data Table" columns={columns} rows={rows} rowKey={({ index }) => String(index)} height={RAW_TABLE_HEIGHT} rowHeight={RAW_ROW_HEIGHT} emptyState="No rows for this time frame and these filters." />
    </Disclosure>
  );
}
