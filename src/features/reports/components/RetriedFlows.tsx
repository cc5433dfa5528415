import { passedOnRetryText } from '../../../shared/contracts/flakiness';
import type { TestCaseDetail } from '../../../shared/contracts/runs';
import { attemptLabel, attemptsOf, passedOnRetryOf, wasRetried } from '../../../shared/run-attempts';

/** What a retried flow came to: "Passed on retry 1", or the failure that stood after its retries. */
function outcomeOf(flow: TestCaseDetail): string {
  const retry = passedOnRetryOf(flow);
  if (retry !== null) return passedOnRetryText(retry);
  const retries = (flow.attempt ?? 1) - 1;
  return `Failed after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
}

/**
 * The flows of the run that ran more than once (issue 29, retries), each with what it came to and its attempts; their
 * steps and screenshots are in the table below, per attempt. A flow that passed on a retry counts as flaky.
 */
export function RetriedFlows({ flows }: { flows: readonly TestCaseDetail[] }) {
  const retried = flows.filter(wasRetried);
  if (retried.length === 0) return null;
  return (
    <section className="report-retried" aria-labelledby="report-retried-title">
      <h3 id="report-retried-title">Retried flows</h3>
      <ul>
        {retried.map((flow, index) => (
          <li key={`${flow.testCaseId}-${index}`}>
            <strong>{flow.testCaseName}</strong>:{' '}
            <span className={passedOnRetryOf(flow) === null ? 'report-retried__mark report-retried__mark--failed' : 'report-retried__mark'}>{outcomeOf(flow)}</span>{' '}
            <span className="report-retried__attempts">({attemptsOf(flow).map(attemptLabel).join(', ')})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
