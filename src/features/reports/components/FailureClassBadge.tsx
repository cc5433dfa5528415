import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import type { FailedFlow } from '../../../shared/contracts/flakiness';
import { Link } from '../../../ui/Link';

const times = (count: number) => (count === 1 ? '1 time' : `${count} times`);

/** What a failed flow's failure is: new in the window, known (since when and how often) or flaky on this version. */
export function FailureClassBadge({ failedFlow, onOpenRun }: { failedFlow: FailedFlow; onOpenRun: (statusId: string) => void }) {
  const { classification, firstSeen, occurrences, passes, failures } = failedFlow;
  const className = `failure-class failure-class--${classification.toLowerCase()}`;
  if (classification === 'NEW') return <p className={className}>New failure</p>;
  if (classification === 'FLAKY') return <p className={className}>Flaky — passed {times(passes)} and failed {times(failures)} on this version</p>;
  return (
    <p className={className}>
      Known failure — first seen{' '}
      <Link aria-label={`First seen ${formatDate(firstSeen.time, DATE_FORMATS.medium)}: open that run's report`} onPress={() => onOpenRun(firstSeen.statusId)}>
        {formatDate(firstSeen.time, DATE_FORMATS.medium)}
      </Link>
      , {times(occurrences)}
    </p>
  );
}
