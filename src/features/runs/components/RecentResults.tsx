import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/dates';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import { Button } from '../../../ui/Button';
import { runningTabDataQuery } from '../api/running-tab-data';
import './runs.css';

export interface RecentResultsProps {
  onOpenReport: (statusId: string) => void;
}

/** The last five completed runs (the status poll's lastExecutedTestStates), newest first, each with its report. */
export function RecentResults({ onOpenReport }: RecentResultsProps) {
  const { data, dataUpdatedAt } = useQuery(runningTabDataQuery());
  const runs = data?.lastExecutedTestStates ?? [];
  return (
    <>
      <UpdatedAgo updatedAt={dataUpdatedAt} periodMs={POLL.runningCollectionsMs} />
      {runs.length === 0 ? (
        <p className="run-panel__empty">No collection has completed yet.</p>
      ) : (
        <ul className="run-list" aria-label="Recent results">
          {runs.map((run) => (
            <li key={run.testStatusId} className="run-item run-item--row" aria-label={`${run.testSuiteName} ${run.testStatus}`}>
              <div className="run-item__title">
                <strong>{run.testSuiteName}</strong>
                <span className={run.isFailed ? 'run-item__state run-item__state--failed' : 'run-item__state run-item__state--passed'}>{run.testStatus}</span>
              </div>
              <span className="run-item__meta">
                {formatDate(run.timeCompleted ?? undefined)} · {run.passed} passed, {run.failed} failed
              </span>
              <Button
                className="run-item__report"
                onPress={() => onOpenReport(run.testStatusId)}
                aria-label={`Report of ${run.testSuiteName}, ${formatDate(run.timeCompleted ?? undefined)}`}
              >
                Report
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
