import { fullJitterDelay } from './backoff';
import { RETRY_CAP_MS } from './constants';

/** A failing poll never comes back sooner than this, however the jitter falls (0 would switch the poll off). */
export const MIN_POLL_RETRY_MS = 1_000;

/** The part of a React Query query the interval reads. */
interface PolledQuery {
  state: { dataUpdatedAt: number; errorUpdatedAt: number };
}

export interface PollingOptions {
  /** Wall displays keep polling while hidden; every other view stops until it is visible again. */
  wallDisplay?: boolean;
  random?: () => number;
}

/**
 * React Query options for a view polled every `periodMs` (the spec's period): after a failure the next poll waits a
 * full-jitter backoff (period × 2^n, capped at 60 s), and the first success brings the spec's period back. Hidden tabs
 * stop polling (refetchIntervalInBackground false) unless the view is a wall display.
 */
export function pollingOptions(periodMs: number, { wallDisplay = false, random = Math.random }: PollingOptions = {}) {
  // One delay per failure, so React Query asking again for the same state gets the same answer.
  const failures = new WeakMap<PolledQuery, { errorUpdatedAt: number; count: number; delayMs: number }>();

  function refetchInterval(query: PolledQuery): number {
    const { dataUpdatedAt, errorUpdatedAt } = query.state;
    if (errorUpdatedAt <= dataUpdatedAt) {
      failures.delete(query);
      return periodMs;
    }
    const known = failures.get(query);
    if (known?.errorUpdatedAt === errorUpdatedAt) return known.delayMs;
    const count = (known?.count ?? 0) + 1;
    const delayMs = Math.max(MIN_POLL_RETRY_MS, fullJitterDelay(count + 1, { baseMs: periodMs, capMs: RETRY_CAP_MS, random }));
    failures.set(query, { errorUpdatedAt, count, delayMs });
    return delayMs;
  }

  return { refetchInterval, refetchIntervalInBackground: wallDisplay };
}
