import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { estimateExecutions, type Estimate } from '../../../shared/schedule/recurrence';
import type { Recurrence } from '../../../shared/schedule/schedule-data';

/** The estimate waits until the recurrence has not changed for 1 s (part 2 §4). */
export const ESTIMATE_DEBOUNCE_MS = 1_000;
/** How many upcoming executions the preview lists. */
export const ESTIMATE_PREVIEW_COUNT = 10;

export interface EstimatePreviewProps {
  /** Null while start, end or scheduleData are invalid: then no estimate is shown (§2), only what it waits for. */
  recurrence: Recurrence | null;
}

export const ESTIMATE_WAITING_TEXT = 'Upcoming executions show here once the start, end and repeat fields are valid.';


/** Upcoming execution times of the schedule being edited, in the schedule's (the user's) time zone. */
export function EstimatePreview({ recurrence }: EstimatePreviewProps) {
  // The estimate of the recurrence it was computed for: a stale one (the fields changed since) is not shown.
  const [computed, setComputed] = useState<{ key: string; estimate: Estimate } | null>(null);
  const key = recurrence === null ? null : JSON.stringify(recurrence);

  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setComputed({ key, estimate: estimateExecutions(JSON.parse(key) as Recurrence, Date.now()) }), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  // The section stays in place (issue 27: it used to vanish), saying what it waits for.
  if (recurrence === null || computed === null || computed.key !== key) {
    return (
      <section className="control-room-estimate" aria-label="Upcoming executions">
        <h3 className="control-room-estimate__title">Upcoming executions</h3>
        <p className="control-room-estimate__waiting">{recurrence === null ? ESTIMATE_WAITING_TEXT : 'Working them out…'}</p>
      </section>
    );
  }
  const { estimate } = computed;
  const shown = estimate.times.slice(0, ESTIMATE_PREVIEW_COUNT);
  return (
    <section className="control-room-estimate" aria-label="Upcoming executions">
      <h3 className="control-room-estimate__title">{`Upcoming executions (${estimate.times.length})`}</h3>
      {shown.length === 0 ? (
        <p>No execution falls in the future before the end time.</p>
      ) : (
        <ol className="control-room-estimate__list">
          {shown.map((time) => (
            <li key={time}>{formatDate(time, undefined, recurrence.timeZone)}</li>
          ))}
        </ol>
      )}
      {estimate.times.length > shown.length && <p>{`and ${estimate.times.length - shown.length} more`}</p>}
      {estimate.message && (
        <p role="status" className="control-room-estimate__message">
          {estimate.message}
        </p>
      )}
    </section>
  );
}
