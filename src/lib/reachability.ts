/**
 * Whether the server answers, as the page's own requests tell. navigator.onLine is not enough: on weak Wi-Fi, behind a
 * captive portal or in a dropping tunnel it stays true while every request fails or hangs ("lie-fi"). A request that
 * gets no HTTP answer (a network error, a reset, a timeout) marks the server unreachable; any answer at all, even an
 * error status, marks it reachable again. The offline layer probes while it is unreachable (reachability-probe.ts) and
 * resumes its queues, and the query client its failed queries, the moment it is reachable again.
 */
export interface Reachability {
  isReachable(): boolean;
  /** A request got no HTTP answer. */
  failed(): void;
  /** A request sent at `sentAt` (ms since the epoch) got an HTTP answer. */
  answered(sentAt: number): void;
  /**
   * A request has waited SUSPECT_AFTER_MS without a sign of life: the link may have dropped without a word, or the
   * server may be slow. Whoever probes (reachability-probe.ts) finds out which; nothing changes until then.
   */
  suspect(): void;
  /** `listener` runs on every suspicion while the server counts as reachable; returns the unsubscribe function. */
  subscribeSuspicion(listener: () => void): () => void;
  /**
   * `listener` runs on every change, with whether the server is reachable now and, when it is again, when the request
   * that showed it was sent: whatever waited since before then without any sign of life went out over a dead link.
   * Returns the unsubscribe function.
   */
  subscribe(listener: (reachable: boolean, sentAt: number) => void): () => void;
}

export function createReachability(): Reachability {
  let reachable = true;
  const listeners = new Set<(reachable: boolean, sentAt: number) => void>();
  const suspicionListeners = new Set<() => void>();
  const set = (value: boolean, sentAt: number) => {
    if (reachable === value) return;
    reachable = value;
    for (const listener of listeners) listener(value, sentAt);
  };
  return {
    isReachable: () => reachable,
    failed: () => set(false, Date.now()),
    answered: (sentAt) => set(true, sentAt),
    suspect() {
      if (!reachable) return;
      for (const listener of suspicionListeners) listener();
    },
    subscribeSuspicion(listener) {
      suspicionListeners.add(listener);
      return () => suspicionListeners.delete(listener);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one view of the server's reachability, fed by the API client. */
export const reachability = createReachability();

/** How long a request may wait for its answer, or for the next piece of its body, before it counts as failed. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A request without an answer this long makes the link suspect, and the server is probed (see Reachability.suspect). */
export const SUSPECT_AFTER_MS = 2_000;

export interface Deadline {
  /** Aborts when the caller's signal does, when the deadline passes, or when the request is abandoned. */
  signal: AbortSignal;
  /** Aborts the request now: it is presumed dead (it waited through an outage), not failed anew. */
  abandon(): void;
  abandoned(): boolean;
  /** When the request was sent or last received something (ms since the epoch). */
  lastSignOfLife(): number;
  /** Something arrived: the deadline starts again. */
  extend(): void;
  /** The request is over: no deadline any more. */
  clear(): void;
}

/**
 * A deadline of `ms` that starts again whenever `extend()` says something arrived, so a long but moving download is
 * never cut while a hanging one is. Built by hand rather than with AbortSignal.any and AbortSignal.timeout, which older
 * browsers (Safari before 17.4) lack.
 */
export function createDeadline(signal: AbortSignal | null | undefined, ms: number): Deadline {
  const controller = new AbortController();
  let abandoned = false;
  let lastSignOfLife = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => clearTimeout(timer);
  const arm = () => {
    clear();
    timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms);
  };
  controller.signal.addEventListener('abort', clear, { once: true });
  if (signal?.aborted) controller.abort(signal.reason);
  else {
    signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    arm();
  }
  return {
    signal: controller.signal,
    abandon: () => {
      abandoned = true;
      controller.abort(new DOMException('Abandoned after an outage', 'AbortError'));
    },
    abandoned: () => abandoned,
    lastSignOfLife: () => lastSignOfLife,
    extend: () => {
      lastSignOfLife = Date.now();
      if (!controller.signal.aborted) arm();
    },
    clear,
  };
}
