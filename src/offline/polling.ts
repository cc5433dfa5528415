import { fullJitterDelay } from './backoff';
import { RETRY_CAP_MS } from './constants';

/** A failing poll never comes back sooner than this, however the jitter falls (0 would switch the poll off). */
export const MIN_POLL_RETRY_MS = 1_000;

/** The part of a React Query query the interval reads. */
interface PolledQuery {
  state: { dataUpdatedAt: number; errorUpdatedAt: number };
}

export interface PollingOptions {
  random?: () => number;
}

interface FailureRun {
  errorUpdatedAt: number;
  count: number;
  delayMs: number;
}

/**
 * Consecutive failures per query. Module-wide and keyed by the query (which outlives renders), because a view builds
 * its options again on every render: a map per `pollingOptions` call would forget the count and never back off further.
 */
const failureRuns = new WeakMap<PolledQuery, FailureRun>();

/**
 * React Query options for a view polled every `periodMs` (the spec's period):
 * - after a failure the next poll waits a full-jitter backoff (period × 2^n, capped at 60 s), and the first success
 *   brings the spec's period back. The backoff is the only retry: React Query's own retries (fixed, without jitter)
 *   would send every client back in step, so they are off; a view the spec gives retries (health) sets them after this.
 * - hidden tabs do not poll (refetchIntervalInBackground false). A wall display keeps polling because it tells React
 *   Query the page stays focused (`usePollWhileHidden` in wall-display.ts), which also keeps retries from pausing.
 */
export function pollingOptions(periodMs: number, { random = () => Math.random() }: PollingOptions = {}) {
  function refetchInterval(query: PolledQuery): number {
    const { dataUpdatedAt, errorUpdatedAt } = query.state;
    if (errorUpdatedAt <= dataUpdatedAt) {
      failureRuns.delete(query);
      return periodMs;
    }
    const known = failureRuns.get(query);
    // One delay per failure, so React Query asking again for the same state gets the same answer.
    if (known?.errorUpdatedAt === errorUpdatedAt) return known.delayMs;
    const count = (known?.count ?? 0) + 1;
    const delayMs = Math.max(MIN_POLL_RETRY_MS, fullJitterDelay(count + 1, { baseMs: periodMs, capMs: RETRY_CAP_MS, random }));
    failureRuns.set(query, { errorUpdatedAt, count, delayMs });
    return delayMs;
  }

  return { refetchInterval, refetchIntervalInBackground: false, retry: false } as const;
}
