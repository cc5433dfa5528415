import { useQuery } from '@tanstack/react-query';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { flags, type StudioConfig } from '../../../shared/config';
import { POLL } from '../../../shared/constants';
import { Button } from '../../../ui/Button';
import { runningTabDataQuery } from '../api/running-tab-data';
import './runs.css';

export interface LastCompletedPanelProps {
  config: StudioConfig;
  onOpenReport: (statusId: string) => void;
}

/** 'Last Collection Completed' panel: the newest finished run, its passed/failed flow counts and failed flows. */
export function LastCompletedPanel({ config, onOpenReport }: LastCompletedPanelProps) {
  const { data, dataUpdatedAt } = useQuery(runningTabDataQuery());
  const last = data?.lastExecutedTestStates[0];
  const updatedAgo = <UpdatedAgo updatedAt={dataUpdatedAt} periodMs={POLL.runningCollectionsMs} />;
  if (!last) {
    return (
      <>
        {updatedAgo}
        <p className="run-panel__empty">No collection has completed yet.</p>
      </>
    );
  }

  return (
    <div className="run-item">
      {updatedAgo}
      <div className="run-item__title">
        <strong>{last.testSuiteName}</strong>
        <span className={last.isFailed ? 'run-item__state run-item__state--failed' : 'run-item__state run-item__state--passed'}>{last.testStatus}</span>
      </div>
      <dl className="run-counts">
        <div>
          <dt>Passed</dt>
          <dd>{last.passed}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{last.failed}</dd>
        </div>
      </dl>
      {last.failedCases.length > 0 && (
        <ul className="run-failed-cases" aria-label="Failed flows">
          {last.failedCases.map((failed) => (
            <li key={`${failed.testCaseName}/${failed.testStepIdFailed}`}>
              {`${failed.testCaseName}: failed at “${failed.testStepNameFailed || failed.testStepIdFailed}”`}
            </li>
          ))}
        </ul>
      )}
      {flags.statusBarReportLink(config) && (
        <Button variant="primary" onPress={() => onOpenReport(last.testStatusId)} aria-label={`Report of ${last.testSuiteName}`}>
          Report
        </Button>
      )}
    </div>
  );
}
