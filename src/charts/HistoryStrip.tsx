import { useLayoutEffect, useRef } from 'react';
import { DATE_FORMATS, formatDate } from '../lib/dates';
import { passedOnRetryText, type FlowHistoryEntry, type FlowResult } from '../shared/contracts/flakiness';
import { Link } from '../ui/Link';
import { Tooltip } from '../ui/Tooltip';
import { RESULT_COLOURS } from './palette';
import { MARK_ATTRIBUTE, markTabIndex, onMarkKeyDown } from './roving-marks';
import './charts.css';

/** Each result's word and the letter its mark shows, so colour is never the only cue. */
export const RESULT_TEXT: Readonly<Record<FlowResult, { word: string; letter: string }>> = {
  PASSED: { word: 'Passed', letter: 'P' },
  FAILED: { word: 'Failed', letter: 'F' },
  SKIPPED: { word: 'Skipped', letter: 'S' },
  ABORTED: { word: 'Aborted', letter: 'A' },
};

export const NO_HISTORY_TEXT = 'No finished runs yet';

export interface HistoryStripProps {
  /** The strip's accessible name, e.g. 'History of Sign in'. */
  label: string;
  /** Oldest first, newest last. */
  results: readonly FlowHistoryEntry[];
  /** Opens a run's collection report (Enter or a click on its mark). */
  onOpenRun: (statusId: string) => void;
  /** The run on screen (a report), whose mark is outlined and named as this run. */
  currentStatusId?: string | undefined;
}

/** A mark's accessible name, also the first line of its tooltip; a pass on a retry says so ("Passed on retry 1"). */
export function historyMarkLabel(entry: FlowHistoryEntry, isCurrent: boolean): string {
  const result = entry.passedOnRetry === undefined ? RESULT_TEXT[entry.result].word : passedOnRetryText(entry.passedOnRetry);
  return `${result}, ${formatDate(entry.time, DATE_FORMATS.medium)}, run ${entry.statusId}${isCurrent ? ' (this run)' : ''}`;
}

/**
 * A flow's last results as a row of lettered marks, newest last. Like the charts' marks, the strip is one tab stop
 * (the newest mark, or the one last focused) and the arrow keys, Home and End move between marks; each mark names its
 * result, time and run, shows them in a tooltip on hover or focus, and opens the run's report as a link.
 */
export function HistoryStrip({ label, results, onOpenRun, currentStatusId }: HistoryStripProps) {
  const stripRef = useRef<HTMLDivElement>(null);

  // The Link sets every mark's tabindex to 0 on mount: keep one stop, the focused mark or else the newest.
  useLayoutEffect(() => {
    const marks = Array.from(stripRef.current?.querySelectorAll<HTMLElement>(`[${MARK_ATTRIBUTE}]`) ?? []);
    const focused = marks.findIndex((mark) => mark === document.activeElement);
    const stop = focused >= 0 ? focused : marks.length - 1;
    marks.forEach((mark, index) => mark.setAttribute('tabindex', String(markTabIndex(index - stop))));
  }, [results]);

  if (results.length === 0) return <p className="history-strip history-strip--empty">{NO_HISTORY_TEXT}</p>;
  return (
    <div ref={stripRef} className="history-strip" role="group" aria-label={label} onKeyDown={onMarkKeyDown}>
      {results.map((entry) => {
        const isCurrent = entry.statusId === currentStatusId;
        const name = historyMarkLabel(entry, isCurrent);
        return (
          <Tooltip key={entry.statusId} delay={300} content={`${name}. Opens its report.`}>
            <Link
              variant="plain"
              className={`history-strip__mark history-strip__mark--${entry.result.toLowerCase()}${isCurrent ? ' history-strip__mark--current' : ''}`}
              style={{ background: RESULT_COLOURS[entry.result] }}
              aria-label={name}
              aria-current={isCurrent ? 'true' : undefined}
              onPress={() => onOpenRun(entry.statusId)}
              {...{ [MARK_ATTRIBUTE]: '' }}
            >
              <span aria-hidden="true">{RESULT_TEXT[entry.result].letter}</span>
            </Link>
          </Tooltip>
        );
      })}
    </div>
  );
}
