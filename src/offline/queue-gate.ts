import { ApiError, isTokenExpired, refreshTokens, TOKEN_EXPIRY_SKEW_MS } from '../lib/api-client';
import { getEndedSessionUserId, getSession, type Session } from '../lib/session';
import { DRAIN_LOCK_NAME, DRAIN_TOKEN_MARGIN_MS } from './constants';

/** The part of the Web Locks API a drain uses; navigator.locks fits it. */
export interface DrainLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export type QueueName = 'downloads' | 'uploads' | 'outbox';

/**
 * drained: the task ran. busy: another drain of that queue runs (in another tab, or already in this one).
 * paused: sign-in needed. later: the token could not be refreshed (offline, server fault); the next trigger retries.
 * stopped: the page's offline layer was stopped; a drain already on its way ends without touching the session.
 */
export type DrainOutcome = 'drained' | 'busy' | 'paused' | 'later' | 'stopped';

export interface QueueGateOptions {
  /** Defaults to navigator.locks; null (or a browser without it) keeps one drain per queue within this tab only. */
  locks?: DrainLocks | null;
  refresh?: (staleToken: string) => Promise<string>;
  readSession?: () => Session | null;
  now?: () => number;
}

/** Refresh answers after which the session is gone (spec §8): only a new sign-in helps. */
const SESSION_REFUSALS = [400, 401, 403];

export type QueueGate = ReturnType<typeof createQueueGate>;

/**
 * Guards every queue drain: one tab at a time per queue (Web Locks, ifAvailable, so other tabs skip instead of
 * waiting; one lock per queue, so a long download in one tab never holds back another tab's saves), a token fresh
 * enough for the drain, and a pause, never a purge, when the session cannot be renewed.
 * The pause is a small store the UI subscribes to ("sign in needed"); `resume()` lifts it once the user signs in.
 */
export function createQueueGate(options: QueueGateOptions = {}) {
  const { refresh = refreshTokens, readSession = getSession, now = Date.now } = options;
  const locks = (): DrainLocks | null =>
    options.locks !== undefined ? options.locks : typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null;
  const drainingHere = new Set<QueueName>();
  const listeners = new Set<() => void>();
  let signInNeeded = false;
  /** Whose session ended in a refused refresh: their queued work waits for them to sign in again. */
  let pausedFor: string | null = null;
  let stopped = false;

  function setSignInNeeded(value: boolean, owner: string | null = null): void {
    if (signInNeeded === value && pausedFor === owner) return;
    signInNeeded = value;
    pausedFor = owner;
    for (const listener of listeners) listener();
  }

  /** No session to drain with: the queues wait for whoever a refused refresh signed out (the session module knows). */
  function pauseWithoutSession(): 'paused' {
    setSignInNeeded(true, getEndedSessionUserId());
    return 'paused';
  }

  /** Renews the token when it is (nearly) expired; a refusal pauses the queues, anything else only postpones. */
  async function ensureFreshToken(): Promise<'ok' | 'paused' | 'later'> {
    const session = readSession();
    if (!session) return pauseWithoutSession();
    if (!isTokenExpired(session.token, now(), TOKEN_EXPIRY_SKEW_MS + DRAIN_TOKEN_MARGIN_MS)) return 'ok';
    return renew(session);
  }

  async function renew(session: Session): Promise<'ok' | 'paused' | 'later'> {
    try {
      await refresh(session.token);
      return 'ok';
    } catch (error) {
      // The api-client ends the session on these answers; anything else (offline, a server fault) is temporary.
      if (error instanceof ApiError && !SESSION_REFUSALS.includes(error.status)) return 'later';
      setSignInNeeded(true, session.userId);
      return 'paused';
    }
  }

  async function drainHere(queue: QueueName, task: () => Promise<void>): Promise<DrainOutcome> {
    if (drainingHere.has(queue)) return 'busy';
    drainingHere.add(queue);
    try {
      const token = await ensureFreshToken();
      if (token !== 'ok') return token;
      await task();
      return 'drained';
    } finally {
      drainingHere.delete(queue);
    }
  }

  function run(queue: QueueName, task: () => Promise<void>): Promise<DrainOutcome> {
    if (stopped) return Promise.resolve('stopped');
    if (signInNeeded) return Promise.resolve('paused');
    const lockManager = locks();
    if (!lockManager) return drainHere(queue, task);
    return lockManager.request(`${DRAIN_LOCK_NAME}:${queue}`, { ifAvailable: true }, (lock) =>
      lock ? drainHere(queue, task) : Promise.resolve<DrainOutcome>('busy'),
    );
  }

  /** A queue got 401 mid-drain: one refresh (shared with every other caller), pausing everything if it is refused. */
  function renewAfterUnauthorized(staleToken: string | undefined): Promise<'ok' | 'paused' | 'later'> {
    const session = readSession();
    if (!staleToken || !session) return Promise.resolve(pauseWithoutSession());
    return renew({ ...session, token: staleToken });
  }

  return {
    run,
    renewAfterUnauthorized,
    /** Lifts the pause (the user signed in again); the caller then triggers the drains. */
    resume: () => setSignInNeeded(false),
    isSignInNeeded: () => signInNeeded,
    /** Refuses every later drain: the queues stopped, and a drain awaiting the database when they did must not go on. */
    stop: () => {
      stopped = true;
    },
    /** The user whose refused refresh paused the queues (null when the pause has no known owner, or none). */
    pausedFor: () => pausedFor,
    /** The signed-in user: queued work is stamped with it, and a drain sends only that user's items. */
    currentUserId: (): string | null => readSession()?.userId ?? null,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * One drain of a queue at a time in this page; a call during a drain gets one follow-up drain after it, so an item
 * queued just as a drain found the queue empty is not left waiting for the next trigger.
 */
export function oneDrainAtATime(drain: () => Promise<DrainOutcome>): () => Promise<DrainOutcome> {
  let running: Promise<DrainOutcome> | null = null;
  let followUp: Promise<DrainOutcome> | null = null;
  const call = (): Promise<DrainOutcome> => {
    if (!running) {
      running = drain().finally(() => {
        running = null;
      });
      return running;
    }
    followUp ??= running.then(() => {
      followUp = null;
      return call();
    });
    return followUp;
  };
  return call;
}
