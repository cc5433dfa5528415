import { formatDate } from '../../../lib/dates';
import type { QuarantinedFailure } from '../../../shared/contracts/quarantine';

/**
 * The flows in quarantine that failed in the run (issue 29), apart from its result: they ran and their steps are in
 * the table below, but their failures did not count.
 */
export function QuarantinedFailures({ failures }: { failures: readonly QuarantinedFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <section className="report-quarantined" aria-labelledby="report-quarantined-title">
      <h3 id="report-quarantined-title">Quarantined failures</h3>
      <p>These flows failed while in quarantine: their failures do not count in the run’s result.</p>
      <ul>
        {failures.map((failure) => (
          <li key={failure.flowId}>
            <strong>{failure.flowName}</strong>: {failure.reason}{' '}
            <span className="report-quarantined__by">
              (quarantined by {failure.quarantinedBy}, {formatDate(failure.quarantinedAt)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
