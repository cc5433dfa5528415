import { useInfiniteQuery } from '@tanstack/react-query';
import { OPERATIONS_STATUS_LABELS } from '../../../shared/contracts/operations';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';
import { fetchAllRuns, runSearchQuery } from '../api/run-search';
import { EXECUTION_COLUMNS } from '../columns';
import type { ExecutionCriteria } from '../search-forms';
import { OPERATIONS_TEXTS as T } from '../operations-messages';
import { dateRangeText } from '../table-export';
import { ExportButtons } from './ExportButtons';
import { OperationsTable } from './OperationsTable';
import { SectionHeader } from './SectionHeader';

const LABEL = 'Collection execution details';

export interface ExecutionResultsProps {
  criteria: ExecutionCriteria;
  /** The resource's name for the export's criteria. */
  resourceName: string;
  onOpenReport: (statusId: string) => void;
}

/** The result table of Execution Details: the server's pages of 100, read as the user scrolls (part 2 §2, §9). */
export function ExecutionResults({ criteria, resourceName, onOpenReport }: ExecutionResultsProps) {
  const search = useInfiniteQuery(runSearchQuery(criteria));
  const rows = search.data?.pages.flatMap((page) => page.data) ?? [];
  const total = search.data?.pages.at(-1)?.total;

  const loadExport = async () => {
    const { rows: all, total: matching } = await fetchAllRuns(criteria);
    const capped = all.length < matching;
    if (capped) toast.info(T.exportCapped(all.length, matching));
    return {
      fileName: 'collection-execution-details',
      title: LABEL,
      criteria: [
        `Resource: ${resourceName}`,
        ...(criteria.collectionName ? [`Collection name contains: ${criteria.collectionName}`] : []),
        `Collection status: ${OPERATIONS_STATUS_LABELS[criteria.status]}`,
        dateRangeText({ start: criteria.dateStart, end: criteria.dateEnd }),
        ...(capped ? [T.exportCapped(all.length, matching)] : []),
      ],
      columns: EXECUTION_COLUMNS,
      rows: all,
    };
  };

  return (
    <section className="operations__section" aria-labelledby="execution-results-title">
      <SectionHeader
        id="execution-results-title"
        title={LABEL}
        status={total === undefined ? undefined : `${total} total`}
        actions={<ExportButtons label={LABEL} isDisabled={!total} load={loadExport} />}
      />
      <OperationsTable
        label={LABEL}
        columns={EXECUTION_COLUMNS}
        cells={{
          'Collection Name': (row) => (
            <Button variant="ghost" className="operations__link" onPress={() => onOpenReport(row.statusId)}>
              {row.testSuiteName}
            </Button>
          ),
        }}
        rows={rows}
        rowKey={(row) => row.statusId}
        isPending={search.isPending}
        error={search.error}
        totalRows={total}
        onNearEnd={() => {
          if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
        }}
      />
    </section>
  );
}
