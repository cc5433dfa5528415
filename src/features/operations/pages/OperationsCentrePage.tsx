import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { deviceOptionNameOf } from '../../../shared/contracts/devices';
import { Button } from '../../../ui/Button';
import type { FlakyFlowsQuery } from '../../../shared/contracts/flakiness';
import type { ScheduleSummaryRow, SummarySearch } from '../../../shared/contracts/operations';
import { Tabs } from '../../../ui/Tabs';
import { operationsKeys } from '../api/operations-keys';
import { resourcesQuery } from '../api/resources';
import { scheduleSummaryQuery } from '../api/schedule-summary';
import { tagsQuery } from '../api/tags';
import { testSuiteSummaryQuery } from '../api/test-suite-summary';
import { COLLECTION_SUMMARY_COLUMNS, SCHEDULE_SUMMARY_COLUMNS, SCHEDULE_SUMMARY_EXPORT_COLUMNS } from '../columns';
import { ExecutionResults } from '../components/ExecutionResults';
import { ExecutionSearchForm } from '../components/ExecutionSearchForm';
import { FlakyFlowsTab } from '../components/FlakyFlowsTab';
import { RunQueueTable } from '../components/RunQueueTable';
import { SummaryTab } from '../components/SummaryTab';
import { defaultFlakyFlowsRange } from '../search-dates';
import {
  defaultExecutionDraft,
  emptySummaryDraft,
  executionCriteriaOf,
  flakyFlowsRangeOf,
  type ExecutionCriteria,
  type SummaryDraft,
} from '../search-forms';
import '../operations.css';

export interface OperationsCentrePageProps {
  /** The collection report of one run: the reports feature's modal, composed by the route (features do not import each other). */
  renderCollectionReport: (statusId: string, onClose: () => void) => ReactNode;
  /** The Control Room's Collection Execution modal of one firing, fed by scheduleSummaryDetail, composed by the route. */
  renderScheduleExecution: (firing: ScheduleSummaryRow, onClose: () => void) => ReactNode;
  /** The Control Room's schedule queue; the route leaves it out for a user without CONTROL_ROOM. */
  scheduleQueue?: ReactNode;
}

const sameSearch = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A search kept across tab changes; pressing Search again for the same criteria reloads them. */
function useSubmitted<Search>(initial: Search | null, keyOf: (search: Search) => QueryKey) {
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<Search | null>(initial);
  const submit = (search: Search) => {
    if (submitted !== null && sameSearch(submitted, search)) void queryClient.resetQueries({ queryKey: keyOf(search) });
    else setSubmitted(search);
  };
  return [submitted, submit] as const;
}

/** A summary tab's form and submitted search, as SummaryTab takes them. */
function useSummaryForm(keyOf: (search: SummarySearch) => QueryKey) {
  const [draft, onChange] = useState<SummaryDraft>(emptySummaryDraft);
  const [search, onSearch] = useSubmitted<SummarySearch>(null, keyOf);
  return { draft, onChange, search, onSearch };
}

/** The Operations Centre (part 2 §2): Execution Details, Collection Details, Schedule Details, and Flaky Flows (issue 29). */
export function OperationsCentrePage({ renderCollectionReport, renderScheduleExecution, scheduleQueue }: OperationsCentrePageProps) {
  const [executionDraft, setExecutionDraft] = useState(() => defaultExecutionDraft());
  // The defaults are valid, so the page opens on the last day's failed flows.
  const [criteria, search] = useSubmitted<ExecutionCriteria>(executionCriteriaOf(executionDraft), operationsKeys.runSearch);
  const collectionForm = useSummaryForm(operationsKeys.testSuiteSummary);
  const scheduleForm = useSummaryForm(operationsKeys.scheduleSummary);
  const [flakyDraft, setFlakyDraft] = useState(() => defaultFlakyFlowsRange());
  // Like the execution search, the defaults are valid: the tab opens on the last 14 days.
  const [flakyRange, searchFlaky] = useSubmitted<FlakyFlowsQuery>(flakyFlowsRangeOf(flakyDraft), operationsKeys.flakyFlows);
  const [reportStatusId, setReportStatusId] = useState<string | null>(null);
  const [firing, setFiring] = useState<ScheduleSummaryRow | null>(null);

  const devices = useQuery(resourcesQuery()).data ?? [];
  const tags = useQuery(tagsQuery()).data ?? [];
  const tagNames = (ids: readonly string[]) => ids.map((id) => tags.find((tag) => tag.id === id)?.tagName ?? id).join(', ');
  const lookups = { tags, tagNames };
  const device = devices.find((candidate) => candidate.deviceId === criteria?.deviceId);

  const tabs = [
    {
      id: 'execution',
      title: 'Execution Details',
      content: (
        <div className="operations__tab">
          <ExecutionSearchForm draft={executionDraft} onChange={setExecutionDraft} onSearch={search} devices={devices} />
          {criteria && (
            <ExecutionResults
              criteria={criteria}
              resourceName={criteria.deviceId ? (device ? deviceOptionNameOf(device) : criteria.deviceId) : 'All resources'}
              onOpenReport={setReportStatusId}
            />
          )}
          <RunQueueTable />
        </div>
      ),
    },
    {
      id: 'collection',
      title: 'Collection Details',
      content: (
        <SummaryTab
          id="collection-summary-title"
          label="Collection summary"
          fileName="collection-summary"
          {...collectionForm}
          {...lookups}
          query={testSuiteSummaryQuery}
          columns={COLLECTION_SUMMARY_COLUMNS}
          rowKey={(row) => row.id}
        />
      ),
    },
    {
      id: 'schedule',
      title: 'Schedule Details',
      content: (
        <SummaryTab
          id="schedule-summary-title"
          label="Schedule summary"
          fileName="schedule-summary"
          {...scheduleForm}
          {...lookups}
          query={scheduleSummaryQuery}
          columns={SCHEDULE_SUMMARY_COLUMNS}
          exportColumns={SCHEDULE_SUMMARY_EXPORT_COLUMNS}
          cells={{
            'Schedule Name': (row) => (
              <Button variant="ghost" className="operations__link" onPress={() => setFiring(row)}>
                {row.scheduleName}
              </Button>
            ),
          }}
          rowKey={(row) => row.id}
        >
          {scheduleQueue}
        </SummaryTab>
      ),
    },
    {
      id: 'flaky',
      title: 'Flaky Flows',
      content: <FlakyFlowsTab draft={flakyDraft} onChange={setFlakyDraft} range={flakyRange} onSearch={searchFlaky} onOpenReport={setReportStatusId} />,
    },
  ];

  return (
    <div className="operations">
      <Tabs label="Operations Centre" tabs={tabs} />
      {reportStatusId !== null && renderCollectionReport(reportStatusId, () => setReportStatusId(null))}
      {firing && renderScheduleExecution(firing, () => setFiring(null))}
    </div>
  );
}
