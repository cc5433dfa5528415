import type { FetchStatus } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';
import { reachability as pageReachability, SUSPECT_AFTER_MS, type Reachability } from '../lib/reachability';
import { fullJitterDelay } from './backoff';
import { RETRY_CAP_MS } from './constants';
import { startReachabilityProbe } from './reachability-probe';

/** A failing poll never comes back sooner than this, however the jitter falls (0 would switch the poll off). */
export const MIN_POLL_RETRY_MS = 1_000;

/**
 * Test-only: the sessionStorage key of a poll period that replaces every spec period in this tab, so a soak puts weeks
 * of polls into minutes. See `pollPeriodMs` for why it cannot change a display in the field.
 */
export const TEST_POLL_PERIOD_KEY = 'studio:testPollPeriodMs';
/** The shortest test period honoured: a mistyped 1 must not turn a tab into a tight loop. */
export const MIN_TEST_POLL_PERIOD_MS = 100;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The one place that reads the test-only period: honoured only on a page served from this machine's loopback address
 * (where the e2e tests and benches open the app; displays in the field reach the server by a network name), only when
 * it is shorter than the spec's period, and never below MIN_TEST_POLL_PERIOD_MS. sessionStorage is the tab's own, so
 * nothing outside the page can set it, and it ends with the tab.
 */
export function pollPeriodMs(specPeriodMs: number): number {
  try {
    if (typeof window === 'undefined' || !LOOPBACK_HOSTS.has(window.location.hostname)) return specPeriodMs;
    const testPeriodMs = Number(window.sessionStorage.getItem(TEST_POLL_PERIOD_KEY) ?? Number.NaN);
    return testPeriodMs >= MIN_TEST_POLL_PERIOD_MS && testPeriodMs < specPeriodMs ? testPeriodMs : specPeriodMs;
  } catch {
    // Storage blocked (privacy settings): the spec's period.
    return specPeriodMs;
  }
}

/** The part of a React Query query the interval reads. */
interface PolledQuery {
  // `Error | null` exactly as React Query has it: another type here would change the error type queryOptions infers.
  state: { dataUpdatedAt: number; errorUpdatedAt: number; error: Error | null; fetchStatus: FetchStatus };
  /** Whether a view observes it (React Query's Query has it); a query that cannot tell counts as off screen. */
  isActive?: () => boolean;
}

export interface PollingOptions {
  random?: () => number;
  /** The page's view of the server (tests pass their own). */
  reachability?: Reachability;
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
 * The polled queries a view observes, with their periods. A query leaves when it is found unobserved (at every poll of
 * any view and every probe), so the map holds only what is on screen and a display running for weeks keeps no
 * queries of frames or projects it has left.
 */
const polledOnScreen = new Map<PolledQuery, number>();
/** The probe each reachability got with its first poll on screen, and how to stop it. */
const probes = new Map<Reachability, () => void>();
/** When each polled query's current fetch started (React Query asks for the interval as a fetch starts and ends). */
const fetchingSince = new WeakMap<PolledQuery, number>();
/** Queries whose silent poll was restarted once since their last success: a second silent one runs to its timeout. */
const restartedSilent = new WeakSet<PolledQuery>();

/** React Query's Query, as far as a silent poll's restart uses it. */
interface RestartableQuery {
  cancel(options: { silent: boolean }): Promise<void>;
  fetch(): Promise<unknown>;
}

function isRestartable(query: PolledQuery): query is PolledQuery & RestartableQuery {
  return 'cancel' in query && 'fetch' in query;
}

function noteFetching(query: PolledQuery): void {
  if (query.state.fetchStatus === 'idle') fetchingSince.delete(query);
  else if (!fetchingSince.has(query)) fetchingSince.set(query, Date.now());
}

/**
 * A request went silent and the server still answers a probe: after a drop shorter than it takes to find the link dead
 * (lie-fi), a poll sent into it waits on a dead connection until its 15 s timeout, though the link is back. A poll
 * silent past its period (a poll that slow is overdue anyway) is started again on a new connection, once: if the
 * new one is silent too, the server is slow, not the link, and it is left to finish.
 */
function restartSilentPolls(): void {
  const now = Date.now();
  for (const [query, periodMs] of polledOnScreen) {
    const since = fetchingSince.get(query);
    if (since === undefined || restartedSilent.has(query) || !isRestartable(query)) continue;
    const restartAt = since + Math.max(periodMs, SUSPECT_AFTER_MS);
    const restart = () => {
      if (fetchingSince.get(query) !== since) return;
      restartedSilent.add(query);
      fetchingSince.delete(query);
      // As followConnection does: whoever awaits the silent fetch gets the new one's answer.
      void query.cancel({ silent: true });
      query.fetch().catch(() => undefined);
    };
    if (restartAt <= now) restart();
    else setTimeout(restart, restartAt - now);
  }
}

function dropUnobserved(): void {
  for (const query of polledOnScreen.keys()) if (query.isActive?.() !== true) polledOnScreen.delete(query);
}

/** The shortest period of the polled views on screen, or null for none: the probe looks for the server that often. */
export function shortestPollPeriodOnScreen(): number | null {
  dropUnobserved();
  return polledOnScreen.size === 0 ? null : Math.min(...polledOnScreen.values());
}

/**
 * A polled view must see the server back within one period, whatever the length of the outage: its own poll may by then
 * wait out a backoff of up to 60 s. So while the server is unreachable the page's probe (which needs no session, as a
 * wall display has none) looks at least once per period, and its answer refetches the failed views at once
 * (followConnection in lib/query-client.ts). The probe's full jitter keeps many displays from returning in step.
 */
function notePolled(query: PolledQuery, periodMs: number, reachability: Reachability): void {
  dropUnobserved();
  polledOnScreen.set(query, periodMs);
  if (probes.has(reachability)) return;
  probes.set(reachability, startReachabilityProbe({ reachability, maxGapMs: shortestPollPeriodOnScreen, aliveWhileSilent: restartSilentPolls }));
}

/**
 * Stops the polls' probes and forgets what was polled, as a page that goes does. A page never calls it; test files that
 * share one page's modules do at each file's end (tests/support/page-state.ts).
 */
export function stopPollProbes(): void {
  for (const stop of probes.values()) stop();
  probes.clear();
  polledOnScreen.clear();
}

/**
 * A poll that got no answer while the server counts as reachable was abandoned as the server came back (a request left
 * on a dead connection, lib/api-client.ts): the link is fine, so the view polls again within one period instead of
 * backing off. A poll that failed on a dead link marked the server unreachable before it failed, and backs off.
 */
function abandonedOnReturn(error: unknown, reachability: Reachability): boolean {
  return error instanceof ApiError && error.status === 0 && reachability.isReachable();
}

/**
 * React Query options for a view polled every `specPeriodMs` (the spec's period; see `pollPeriodMs` for tests):
 * - after a failure the next poll waits a full-jitter backoff (period × 2^n, capped at 60 s), and the first success
 *   brings the spec's period back. The backoff is the only retry: React Query's own retries (fixed, without jitter)
 *   would send every client back in step, so they are off; a view the spec gives retries (health) sets them after this.
 * - when the link returns, the view recovers within one period (see `notePolled`), however far it had backed off.
 * - hidden tabs do not poll (refetchIntervalInBackground false). A wall display keeps polling because it tells React
 *   Query the page stays focused (`usePollWhileHidden` in wall-display.ts), which also keeps retries from pausing.
 */
export function pollingOptions(specPeriodMs: number, { random = () => Math.random(), reachability = pageReachability }: PollingOptions = {}) {
  const periodMs = pollPeriodMs(specPeriodMs);
  function refetchInterval(query: PolledQuery): number {
    notePolled(query, periodMs, reachability);
    noteFetching(query);
    const { dataUpdatedAt, errorUpdatedAt, error } = query.state;
    if (errorUpdatedAt <= dataUpdatedAt) {
      failureRuns.delete(query);
      restartedSilent.delete(query);
      return periodMs;
    }
    if (abandonedOnReturn(error, reachability)) return periodMs;
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
