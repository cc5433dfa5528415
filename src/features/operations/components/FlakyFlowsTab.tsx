import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { HistoryStrip } from '../../../charts/HistoryStrip';
import type { FlakyFlow, FlakyFlowsQuery } from '../../../shared/contracts/flakiness';
import { Button } from '../../../ui/Button';
import { flakyFlowsQuery } from '../api/flaky-flows';
import { FLAKY_FLOW_COLUMNS } from '../columns';
import type { DateRange } from '../search-dates';
import { flakyFlowsRangeOf, summaryErrors } from '../search-forms';
import { dateRangeText } from '../table-export';
import { useTouched } from '../use-touched';
import { DateRangeFields } from './DateRangeFields';
import { ExportButtons } from './ExportButtons';
import { OperationsTable } from './OperationsTable';
import { SectionHeader } from './SectionHeader';

const TITLE = 'Flaky flows';
const TITLE_ID = 'flaky-flows-title';

export interface FlakyFlowsTabProps {
  draft: DateRange;
  onChange: (draft: DateRange) => void;
  range: FlakyFlowsQuery | null;
  onSearch: (range: FlakyFlowsQuery) => void;
  onOpenReport: (statusId: string) => void;
}

/** A strip in a table cell: one line scrolled to its newest (rightmost) results where the column is narrower. */
function StripCell({ flow, onOpenReport }: { flow: FlakyFlow; onOpenReport: (statusId: string) => void }) {
  return (
    <div className="operations__strip" ref={(element) => element?.scrollTo({ left: element.scrollWidth })}>
      <HistoryStrip label={`History of ${flow.flowName}`} results={flow.results} onOpenRun={onOpenReport} />
    </div>
  );
}

const countText = (shown: number, total: number) => (shown < total ? `The ${shown} flakiest of ${total}` : `${total} total`);

function FlakyFlowsResults({ range, onOpenReport }: { range: FlakyFlowsQuery; onOpenReport: (statusId: string) => void }) {
  const result = useQuery(flakyFlowsQuery(range));
  const rows = result.data?.flows ?? [];
  const loadExport = () =>
    Promise.resolve({ fileName: 'flaky-flows', title: TITLE, criteria: [dateRangeText({ start: range.from, end: range.to })], columns: FLAKY_FLOW_COLUMNS, rows });
  return (
    <section className="operations__section" aria-labelledby={TITLE_ID}>
      <SectionHeader
        id={TITLE_ID}
        title={TITLE}
        status={result.data ? countText(rows.length, result.data.total) : undefined}
        actions={<ExportButtons label={TITLE} isDisabled={rows.length === 0} load={loadExport} />}
      />
      <OperationsTable
        label={TITLE}
        columns={FLAKY_FLOW_COLUMNS}
        cells={{ History: (row) => <StripCell flow={row} onOpenReport={onOpenReport} /> }}
        rows={rows}
        rowKey={(row) => `${row.collectionId} ${row.flowId}`}
        isPending={result.isPending}
        error={result.error}
      />
    </section>
  );
}

/**
 * Flaky flows (issue 29): the flows that passed and failed on the same collection version and resource kind over a
 * date range, the flakiest first, each with its history strip and top failure signatures.
 */
export function FlakyFlowsTab({ draft, onChange, range, onSearch, onOpenReport }: FlakyFlowsTabProps) {
  const { touched, touch, touchAll } = useTouched<'start' | 'end'>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['start', 'end']);
    const valid = flakyFlowsRangeOf(draft);
    if (valid) onSearch(valid);
  };
  return (
    <div className="operations__tab">
      <form className="operations__criteria" aria-label="Flaky flows search" onSubmit={submit} noValidate>
        <DateRangeFields range={draft} onChange={onChange} errors={summaryErrors(draft)} touched={touched} onTouch={touch} />
        <Button type="submit" variant="primary" className="operations__search">
          Search
        </Button>
      </form>
      {range && <FlakyFlowsResults range={range} onOpenReport={onOpenReport} />}
    </div>
  );
}
