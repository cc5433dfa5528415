import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../shared/endpoints';
import { fullJitterDelay } from './backoff';
import type { OfflineDb, OutboxEntry, RefusedChange } from './db';
import { oneDrainAtATime, type QueueGate } from './queue-gate';

export interface SendContext {
  /** Send it as the Idempotency-Key header (see idempotencyHeaders): the same for every retry of this change. */
  idempotencyKey: string;
}

/** The cached queries that show a change: their key (or the start of their keys), and their data with the change laid over. */
export interface PendingView {
  queryKey: QueryKey;
  // `never`: a view of any data type fits, and only layPendingOver calls it, with that query's data.
  apply: (data: never) => unknown;
}

/** A view of the queries under `queryKey`, whose data `apply` returns with a change laid over it. */
export function pendingView<TData>(queryKey: QueryKey, apply: (data: TData) => TData): PendingView {
  return { queryKey, apply };
}

/** One offline-capable mutation: its React Query key, the record it changes, and how to send it. */
export interface OfflineMutation<TVariables, TData> {
  mutationKey: readonly string[];
  /** The replay order of a change: changes of one scope replay one at a time, in the order they were made. */
  scope: (variables: TVariables) => string;
  /** The record the UI marks 'saved offline, will sync'; defaults to the scope (they differ when records share an order). */
  record?: (variables: TVariables) => string;
  /** The changed record as people name it ("Collection 'Checkout'"), for the message when the server refuses it. */
  describe: (variables: TVariables) => string;
  /** The queries that show the record: refreshed when a replay (not an awaited save) applied or refused the change. */
  refreshes?: (variables: TVariables) => readonly QueryKey[];
  /**
   * The cached queries that show the change, and how: while it waits in the outbox it is laid over whatever the server
   * last answered (usePendingOverlay), so a refetch of older state never reverts it on screen; once sent, it is written
   * into them until their refetch brings the server's own.
   */
  shows?: (variables: TVariables) => readonly PendingView[];
  send: (variables: TVariables, context: SendContext) => Promise<TData>;
}

/** What a mutation resolves with: sent now, or kept in the outbox ("saved offline, will sync"). */
export type OutboxOutcome<TData> = { state: 'sent'; data: TData } | { state: 'queued' };

export function idempotencyHeaders(idempotencyKey: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: idempotencyKey };
}

/** Answers that may succeed later (sign-in, timeout, rate limit); every other 4xx is final. */
const RETRYABLE_CLIENT_STATUSES = [401, 408, 429];

/** Whether a failed send is final (drop the change) or the change must wait for a better moment. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.isClientError && !RETRYABLE_CLIENT_STATUSES.includes(error.status);
}

/** A 2xx whose body did not parse still means the server applied the change. */
function isAppliedAnyway(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 200 && error.status < 300;
}

const keyId = (mutationKey: readonly string[]) => JSON.stringify(mutationKey);

type Settled = { state: 'sent'; data: unknown } | { state: 'refused'; error: ApiError };

export interface OutboxOptions {
  db: OfflineDb;
  gate: QueueGate;
  /** Called after every stored change, for the pending-changes views. */
  onChange?: () => void;
  /** Called when a replay nobody was awaiting settled a change (sent or refused), so the views of it refresh. */
  onReplayed?: (mutation: OfflineMutation<unknown, unknown>, variables: unknown) => void;
  /** Called for every change the server applied, awaited or not, before its entry leaves the outbox's views. */
  onSent?: (mutation: OfflineMutation<unknown, unknown>, variables: unknown) => void;
  now?: () => number;
  random?: () => number;
  /** Arms the backoff retry; returns its cancel function. Tests pass their own to control time. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

const realTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The mutation outbox: every offline-capable change is written to IndexedDB first, stamped with its user and an
 * Idempotency-Key made once, then sent. Changes replay after reconnect and after reload, in order within each scope
 * and scopes side by side, and only under the session of the user who made them.
 *
 * A network failure, a server fault, 401, 408 or 429 keeps the change. Any other 4xx is final: a change whose save is
 * being awaited (the user just pressed Save) fails that save, as an online save would; a change refused on a later
 * replay moves to the refused changes, with the server's message, and is reported, so it is never lost silently.
 * Changes kept after a failure are tried again with full-jitter backoff, besides the resume triggers (a server that
 * answers 503 while the browser reports a network fires no 'online').
 */
export function createOutbox({
  db,
  gate,
  onChange,
  onReplayed,
  onSent,
  now = Date.now,
  random = Math.random,
  setTimer = realTimer,
}: OutboxOptions) {
  // The definitions are typed per mutation at registration; the outbox only passes stored variables back to them.
  const definitions = new Map<string, OfflineMutation<unknown, unknown>>();
  const settled = new Map<string, Settled>();
  /** Entries whose submit waits for this page's flush: their outcome goes back to the caller. */
  const awaited = new Set<string>();
  const refusedListeners = new Set<(change: RefusedChange) => void>();

  function register<TVariables, TData>(mutation: OfflineMutation<TVariables, TData>): void {
    definitions.set(keyId(mutation.mutationKey), mutation as OfflineMutation<unknown, unknown>);
  }

  function refusal(entry: OutboxEntry, error: ApiError): RefusedChange {
    const { id, userId, mutationKey, record, label, variables } = entry;
    return { id, userId, mutationKey, record, label, variables, status: error.status, message: error.message, refusedAt: now() };
  }

  /** Sends one entry; true when it left the outbox (sent or refused), false when it must wait. */
  async function replayEntry(entry: OutboxEntry, mutation: OfflineMutation<unknown, unknown>): Promise<boolean> {
    await db.outbox.update(entry.seq as number, { state: 'sending', attempts: entry.attempts + 1 });
    let refused: RefusedChange | null = null;
    try {
      const data = await mutation.send(entry.variables, { idempotencyKey: entry.idempotencyKey });
      if (awaited.has(entry.id)) settled.set(entry.id, { state: 'sent', data });
      onSent?.(mutation, entry.variables);
    } catch (error) {
      if (isRefusal(error)) {
        if (awaited.has(entry.id)) settled.set(entry.id, { state: 'refused', error });
        else refused = refusal(entry, error);
      } else if (!isAppliedAnyway(error)) {
        await db.outbox.update(entry.seq as number, { state: 'pending' });
        return false;
      }
    }
    await db.transaction('rw', db.outbox, db.refusedChanges, async () => {
      await db.outbox.delete(entry.seq as number);
      if (refused) await db.refusedChanges.put(refused);
    });
    onChange?.();
    if (!awaited.has(entry.id)) onReplayed?.(mutation, entry.variables);
    if (refused) for (const listener of refusedListeners) listener(refused);
    return true;
  }

  /** One scope's changes in order, stopping at the first that must wait. Returns how many left the outbox. */
  async function replayScope(entries: OutboxEntry[]): Promise<number> {
    let done = 0;
    for (const entry of entries) {
      const mutation = definitions.get(keyId(entry.mutationKey));
      // A change whose mutation is not registered yet (its feature not loaded) holds back the later ones of its scope.
      if (!mutation || !(await replayEntry(entry, mutation))) break;
      done += 1;
    }
    return done;
  }

  /** The signed-in user's waiting changes, oldest first; other users' changes wait for their owner's session. */
  async function ownEntries(): Promise<OutboxEntry[]> {
    const userId = gate.currentUserId();
    if (userId === null) return [];
    return db.outbox.where('userId').equals(userId).sortBy('seq');
  }

  async function replayAll(): Promise<void> {
    for (;;) {
      const byScope = new Map<string, OutboxEntry[]>();
      for (const entry of await ownEntries()) {
        const scoped = byScope.get(entry.scope);
        if (scoped) scoped.push(entry);
        else byScope.set(entry.scope, [entry]);
      }
      const done = await Promise.all([...byScope.values()].map(replayScope));
      // Stop when a pass moved nothing; otherwise look again for changes queued meanwhile.
      if (done.every((count) => count === 0)) return;
    }
  }

  let failedFlushes = 0;
  let cancelRetry: (() => void) | null = null;
  let stopped = false;

  /** After a flush that left sendable changes behind (network, server fault), one retry on the backoff timer. */
  async function scheduleRetry(): Promise<void> {
    cancelRetry?.();
    cancelRetry = null;
    const left = (await ownEntries()).filter((entry) => definitions.has(keyId(entry.mutationKey)));
    if (left.length === 0 || stopped) {
      failedFlushes = 0;
      return;
    }
    failedFlushes += 1;
    cancelRetry = setTimer(() => void flush(), fullJitterDelay(failedFlushes, { random }));
  }

  /** Replays the outbox once (one flush per tab at a time; a call during a flush gets one follow-up flush). */
  const flush = oneDrainAtATime(async () => {
    const outcome = await gate.run('outbox', replayAll);
    if (outcome === 'drained') await scheduleRetry();
    return outcome;
  });

  /** Queues a change and tries to send it at once: the mutationFn of every offline-capable mutation. */
  async function submit<TData>(mutationKey: readonly string[], variables: unknown): Promise<OutboxOutcome<TData>> {
    const mutation = definitions.get(keyId(mutationKey));
    if (!mutation) throw new Error(`No offline mutation is registered for ${keyId(mutationKey)}.`);
    const userId = gate.currentUserId();
    // The signed-in shell is the only caller; without a session there is nobody to replay the change for.
    if (userId === null) throw new ApiError(401, 'Sign in to save changes.');
    const scope = mutation.scope(variables);
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      mutationKey,
      scope,
      record: mutation.record?.(variables) ?? scope,
      label: mutation.describe(variables),
      userId,
      variables,
      idempotencyKey: crypto.randomUUID(),
      createdAt: now(),
      attempts: 0,
      state: 'pending',
    };
    await db.outbox.add(entry);
    onChange?.();
    awaited.add(entry.id);
    // On a hanging link (lie-fi) the API client ends the send once a probe finds the server unreachable (about 4.5 s),
    // and the save resolves as kept; on a slow but live server it waits for the answer.
    try {
      await flush();
    } finally {
      awaited.delete(entry.id);
    }
    const outcome = settled.get(entry.id);
    settled.delete(entry.id);
    if (outcome?.state === 'refused') throw outcome.error;
    return outcome ? { state: 'sent', data: outcome.data as TData } : { state: 'queued' };
  }

  return {
    register,
    isRegistered: (mutationKey: readonly string[]) => definitions.has(keyId(mutationKey)),
    /** The registered mutation of that key, if its feature has loaded. */
    definitionOf: (mutationKey: readonly string[]) => definitions.get(keyId(mutationKey)),
    submit,
    flush,
    /** The signed-in user's waiting changes, oldest first. */
    entries: ownEntries,
    /** The variables of the signed-in user's newest waiting change of `mutation` to `record`: what the user saw last. */
    async latestPending<TVariables>(mutation: OfflineMutation<TVariables, unknown>, record: string): Promise<TVariables | undefined> {
      const userId = gate.currentUserId();
      const mine = await db.outbox
        .where('record')
        .equals(record)
        .filter((entry) => entry.userId === userId && keyId(entry.mutationKey) === keyId(mutation.mutationKey))
        .sortBy('seq');
      return mine.at(-1)?.variables as TVariables | undefined;
    },
    /** The signed-in user's refused changes, oldest first. */
    async refused(): Promise<RefusedChange[]> {
      const userId = gate.currentUserId();
      return userId === null ? [] : db.refusedChanges.where('userId').equals(userId).sortBy('refusedAt');
    },
    async discardRefused(id: string): Promise<void> {
      await db.refusedChanges.delete(id);
      onChange?.();
    },
    /** Stops the retry timer (page teardown). */
    stop(): void {
      stopped = true;
      cancelRetry?.();
      cancelRetry = null;
    },
    /** Tells `listener` about each change the server refused on a replay nobody was awaiting. */
    onRefused(listener: (change: RefusedChange) => void): () => void {
      refusedListeners.add(listener);
      return () => refusedListeners.delete(listener);
    },
  };
}

/**
 * `data` of the query `queryKey` with every waiting change that shows there laid over it, oldest first: what the user
 * last saw of their own changes, whatever the server answered meanwhile. Changes of a mutation not registered yet
 * (its feature not loaded) are left out. No data yet (nothing cached): nothing to lay them over.
 */
export function layPendingOver<TData>(
  data: TData | undefined,
  queryKey: QueryKey,
  entries: readonly Pick<OutboxEntry, 'mutationKey' | 'variables'>[],
  definitionOf: (mutationKey: readonly string[]) => OfflineMutation<unknown, unknown> | undefined,
): TData | undefined {
  if (data === undefined) return undefined;
  let shown: TData = data;
  for (const entry of entries) {
    for (const view of definitionOf(entry.mutationKey)?.shows?.(entry.variables) ?? []) {
      if (partialMatchKey(queryKey, view.queryKey)) shown = view.apply(shown as never) as TData;
    }
  }
  return shown;
}

/**
 * Makes mutations offline-capable: each key's mutationFn goes through the outbox (setMutationDefaults), so a component
 * only names the key in useMutation. networkMode 'always' lets the mutationFn run offline, where it queues the change
 * in IndexedDB instead of React Query's in-memory pause, which a reload would lose.
 */
export function registerOfflineMutations(
  queryClient: QueryClient,
  outbox: Outbox,
  // <never, unknown>: any typed OfflineMutation fits, so one list holds mutations of different variables.
  mutations: readonly OfflineMutation<never, unknown>[],
): void {
  for (const mutation of mutations) {
    outbox.register(mutation as OfflineMutation<unknown, unknown>);
    queryClient.setMutationDefaults(mutation.mutationKey, {
      mutationFn: (variables: unknown) => outbox.submit(mutation.mutationKey, variables),
      networkMode: 'always',
      retry: false,
    });
  }
}
