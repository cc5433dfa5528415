import { createDeadline, reachability as pageReachability, type Reachability } from '../lib/reachability';
import { endpoints } from '../shared/endpoints';
import { fullJitterDelay } from './backoff';
import { PROBE_BASE_MS, PROBE_CAP_IDLE_MS, PROBE_CAP_WAITING_MS, PROBE_MIN_MS, PROBE_TIMEOUT_MS } from './constants';

/** Asks the server for a sign of life; true when it answered 2xx. */
export type Probe = () => Promise<boolean>;

/**
 * HEAD /api/healthCheck: public, no body, never cached. Only a 2xx counts: a captive portal or a proxy in front of a
 * stopped server answers too, but not with a success for this path.
 */
export const probeHealthCheck: Probe = async () => {
  const deadline = createDeadline(null, PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(endpoints.health.check, { method: 'HEAD', cache: 'no-store', signal: deadline.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    deadline.clear();
  }
};

export interface ReachabilityProbeOptions {
  reachability?: Reachability;
  probe?: Probe;
  /** Whether changes or transfers wait to be sent: the probe then never waits longer than PROBE_CAP_WAITING_MS. */
  workWaits?: () => Promise<boolean>;
  /**
   * The longest a view on screen may wait to see the server back, or null when none asks (polled views: their period,
   * so a wall display recovers within one poll period after an outage of any length).
   */
  maxGapMs?: () => number | null;
  /**
   * A request went silent but the probe got an answer: the server is alive, so whatever waited across a short drop may
   * sit on a dead connection (lie-fi) rather than on a slow server. Polled views restart polls silent past their period.
   */
  aliveWhileSilent?: () => void;
  random?: () => number;
  /** Arms a timer; returns its cancel function. Tests pass their own to control time. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

const realTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/**
 * The wait before probe number `attempt` (1-based): full jitter over a ceiling that doubles up to the cap, never below
 * PROBE_MIN_MS unless the cap itself is lower (a poll period shorter than that, as in the soak's accelerated polls).
 */
export function probeDelay(attempt: number, capMs: number, random: () => number = Math.random): number {
  return Math.min(capMs, Math.max(PROBE_MIN_MS, fullJitterDelay(attempt, { baseMs: PROBE_BASE_MS, capMs, random })));
}

/** What one caller asks of a probe: how soon the server's return must be noticed. */
type ProbeNeeds = Pick<ReachabilityProbeOptions, 'workWaits' | 'maxGapMs' | 'aliveWhileSilent'>;

/** The probe running on each reachability, and the needs of everyone who asked for it. */
const runningProbes = new WeakMap<Reachability, { needs: Set<ProbeNeeds>; stop: () => void }>();

/** The longest wait between probes that every caller can accept. */
async function gapCapMs(needs: ReadonlySet<ProbeNeeds>): Promise<number> {
  let cap = PROBE_CAP_IDLE_MS;
  for (const { workWaits, maxGapMs } of needs) {
    const gap = maxGapMs?.();
    if (gap != null) cap = Math.min(cap, gap);
    if (workWaits && (await workWaits().catch(() => true))) cap = Math.min(cap, PROBE_CAP_WAITING_MS);
  }
  return cap;
}

/**
 * Lie-fi never fires an 'online' event, so recovery cannot wait for one: while the server is unreachable (a request got
 * no answer, or went silent and a probe got none either), this probes it with jittered backoff, at most PROBE_CAP_WAITING_MS apart while anything waits to be sent,
 * one poll period while a polled view is on screen, and PROBE_CAP_IDLE_MS otherwise. The first 2xx marks it reachable, and whoever follows the reachability (the queues,
 * the query client) resumes at once. Any other request answered meanwhile does the same and ends the probing. Returns
 * the stop function.
 *
 * One probe runs per reachability: the offline queues start it on a signed-in page and polled views on any page (a wall
 * display needs no session). A second caller adds its needs to the running probe (its `probe`, `random` and
 * `setTimer` are not used), and the probe stops when the last caller does.
 */
export function startReachabilityProbe(options: ReachabilityProbeOptions = {}): () => void {
  const { reachability = pageReachability, workWaits, maxGapMs, aliveWhileSilent } = options;
  const own: ProbeNeeds = { workWaits, maxGapMs, aliveWhileSilent };
  let running = runningProbes.get(reachability);
  if (running) running.needs.add(own);
  else {
    const needs = new Set<ProbeNeeds>([own]);
    running = { needs, stop: runProbeLoop(reachability, needs, options) };
    runningProbes.set(reachability, running);
  }
  const { needs, stop } = running;
  return () => {
    if (!needs.delete(own) || needs.size > 0) return;
    runningProbes.delete(reachability);
    stop();
  };
}

function runProbeLoop(reachability: Reachability, needs: ReadonlySet<ProbeNeeds>, options: ReachabilityProbeOptions): () => void {
  const { probe = probeHealthCheck, random = Math.random, setTimer = realTimer } = options;
  let cancelTimer: (() => void) | null = null;
  let attempt = 0;
  let stopped = false;

  const stopProbing = () => {
    cancelTimer?.();
    cancelTimer = null;
    attempt = 0;
  };

  async function scheduleNext(): Promise<void> {
    const cap = await gapCapMs(needs);
    if (stopped || reachability.isReachable()) return;
    attempt += 1;
    cancelTimer = setTimer(() => void probeOnce(), probeDelay(attempt, cap, random));
  }

  /**
   * Each probe arms the next as it starts, not when it ends: a probe sent into the dead link waits out its timeout, and
   * the link may come back meanwhile; the next probe, on a new connection, finds it within one period.
   */
  async function probeOnce(): Promise<void> {
    cancelTimer = null;
    if (stopped || reachability.isReachable()) return;
    const sentAt = Date.now();
    void scheduleNext();
    if (await probe()) reachability.answered(sentAt);
  }

  const unsubscribe = reachability.subscribe((reachable) => {
    stopProbing();
    if (!reachable) void scheduleNext();
  });
  // A request went silent: one probe tells a dead link (no answer either: unreachable, and the probing starts) from a
  // slow server (an answer: the request is left to finish).
  let checking = false;
  const stopSuspicionWatch = reachability.subscribeSuspicion(() => {
    if (checking || stopped) return;
    checking = true;
    void probe()
      .then((answered) => {
        if (stopped) return;
        if (!answered) reachability.failed();
        else for (const need of needs) need.aliveWhileSilent?.();
      })
      .finally(() => {
        checking = false;
      });
  });
  if (!reachability.isReachable()) void scheduleNext();
  return () => {
    stopped = true;
    unsubscribe();
    stopSuspicionWatch();
    stopProbing();
  };
}
