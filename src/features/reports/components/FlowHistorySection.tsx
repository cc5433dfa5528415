import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { HistoryStrip } from '../../../charts/HistoryStrip';
import type { FailedFlow, FlowHistory } from '../../../shared/contracts/flakiness';
import { Spinner } from '../../../ui/ProgressBar';
import { failureClassificationQuery, flowHistoryQuery } from '../api/flakiness';
import { FailureClassBadge } from './FailureClassBadge';
import './reports.css';

export interface FlowHistorySectionProps {
  collectionId: string;
  onOpenRun: (statusId: string) => void;
  /** The run a report shows: its mark is outlined and each of its failed flows says whether it is new, known or flaky. */
  statusId?: string | undefined;
  /** The section heading's level where it sits: 3 in a report (under the dialog's title), 2 on a page. */
  headingLevel?: 2 | 3;
}

/** The collection's flows with their history strips (the failed flows of a run also missing from it are listed last). */
function flowRows(flows: readonly FlowHistory[], failedFlows: readonly FailedFlow[]): FlowHistory[] {
  const listed = new Set(flows.map((flow) => flow.flowId));
  const missing = failedFlows.filter((failed) => !listed.has(failed.flowId)).map((failed) => ({ flowId: failed.flowId, flowName: failed.flowName, results: [] }));
  return [...flows, ...missing];
}

/** Each flow's last results as a strip (issue 29); in a report, each failed flow's failure classified. */
export function FlowHistorySection({ collectionId, onOpenRun, statusId, headingLevel = 3 }: FlowHistorySectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const history = useQuery(flowHistoryQuery(collectionId));
  const classification = useQuery({ ...failureClassificationQuery(statusId ?? ''), enabled: statusId !== undefined });
  const failedFlows = classification.data?.failedFlows ?? [];
  const failedById = new Map(failedFlows.map((failed) => [failed.flowId, failed]));
  return (
    <section className="flow-history" aria-labelledby={headingId}>
      <Heading id={headingId} className="flow-history__title">
        Flow history
      </Heading>
      {classification.error && <p role="alert">Failures could not be classified: {classification.error.message}</p>}
      {history.error ? (
        <p role="alert">{history.error.message}</p>
      ) : !history.data ? (
        <Spinner label="Loading flow history" />
      ) : (
        <ul className="flow-history__list">
          {flowRows(history.data.flows, failedFlows).map((flow) => {
            const failed = failedById.get(flow.flowId);
            return (
              <li key={flow.flowId} className="flow-history__flow">
                <span className="flow-history__name">{flow.flowName}</span>
                <HistoryStrip label={`History of ${flow.flowName}`} results={flow.results} onOpenRun={onOpenRun} currentStatusId={statusId} />
                {failed && <FailureClassBadge failedFlow={failed} onOpenRun={onOpenRun} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
