import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SummarySearch } from '../../../shared/contracts/operations';
import type { OperationsColumnSpec } from '../columns';
import { dateRangeText } from '../table-export';
import { ExportButtons } from './ExportButtons';
import { OperationsTable } from './OperationsTable';
import { SectionHeader } from './SectionHeader';

export interface SummaryResultsProps<Row, Key extends QueryKey> {
  id: string;
  label: string;
  fileName: string;
  search: SummarySearch;
  /** Names of tag ids, for the export's criteria. */
  tagNames: (ids: readonly string[]) => string;
  query: UseQueryOptions<Row[], Error, Row[], Key>;
  columns: readonly OperationsColumnSpec<Row>[];
  exportColumns?: readonly OperationsColumnSpec<Row>[];
  cells?: Partial<Record<string, (row: Row) => ReactNode>>;
  rowKey: (row: Row) => string;
}

/** The result table of a summary search, 444 px high, with CSV and PDF of its rows. */
export function SummaryResults<Row, Key extends QueryKey>({ id, label, fileName, search, tagNames, query, columns, exportColumns = columns, cells, rowKey }: SummaryResultsProps<Row, Key>) {
  const result = useQuery(query);
  const rows = result.data ?? [];
  const loadExport = () =>
    Promise.resolve({
      fileName,
      title: label,
      criteria: [
        dateRangeText({ start: search.startDate, end: search.endDate }),
        `Tags: ${tagNames(search.tags ?? []) || 'Any'}`,
        `Versions: ${tagNames(search.versions ?? []) || 'Any'}`,
      ],
      columns: exportColumns,
      rows,
    });

  return (
    <section className="operations__section" aria-labelledby={id}>
      <SectionHeader
        id={id}
        title={label}
        status={result.data ? `${rows.length} total` : undefined}
        actions={<ExportButtons label={label} isDisabled={rows.length === 0} load={loadExport} />}
      />
      <OperationsTable label={label} columns={columns} cells={cells} rows={rows} rowKey={rowKey} isPending={result.isPending} error={result.error} />
    </section>
  );
}
