import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { IDEMPOTENCY_HEADER } from '../shared/endpoints';
import type { OfflineDb, OutboxEntry } from './db';
import { oneDrainAtATime, type QueueGate } from './queue-gate';

export interface SendContext {
  /** Send it as the Idempotency-Key header (see idempotencyHeaders): the same for every retry of this change. */
  idempotencyKey: string;
}

/** One offline-capable mutation: its React Query key, the record it changes, and how to send it. */
export interface OfflineMutation<TVariables, TData> {
  mutationKey: readonly string[];
  /** The record the change belongs to; changes of one record replay one at a time, in the order they were made. */
  scope: (variables: TVariables) => string;
  send: (variables: TVariables, context: SendContext) => Promise<TData>;
}

/** What a mutation resolves with: sent now, or kept in the outbox ("saved offline, will sync"). */
export type OutboxOutcome<TData> = { state: 'sent'; data: TData } | { state: 'queued' };

/** A change the server refused (a 4xx that a retry cannot fix): it left the outbox, and the user should know. */
export interface DroppedChange {
  entry: OutboxEntry;
  error: ApiError;
}

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

type Settled = { state: 'sent'; data: unknown } | { state: 'dropped'; error: ApiError };

export interface OutboxOptions {
  db: OfflineDb;
  gate: QueueGate;
  /** Called after every stored change, for the pending-changes views. */
  onChange?: () => void;
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The mutation outbox: every offline-capable change is written to IndexedDB first, with an Idempotency-Key made once,
 * then sent. Changes replay after reconnect and after reload, in order within each record and records side by side.
 * A network failure, a server fault, 401, 408 or 429 keeps the change; any other 4xx drops it and reports it.
 */
export function createOutbox({ db, gate, onChange }: OutboxOptions) {
  // The definitions are typed per mutation at registration; the outbox only passes stored variables back to them.
  const definitions = new Map<string, OfflineMutation<unknown, unknown>>();
  const settled = new Map<string, Settled>();
  const droppedListeners = new Set<(change: DroppedChange) => void>();

  function register<TVariables, TData>(mutation: OfflineMutation<TVariables, TData>): void {
    definitions.set(keyId(mutation.mutationKey), mutation as OfflineMutation<unknown, unknown>);
  }

  /** Sends one entry; true when it left the outbox (sent or refused), false when it must wait. */
  async function replayEntry(entry: OutboxEntry, mutation: OfflineMutation<unknown, unknown>): Promise<boolean> {
    await db.outbox.update(entry.seq as number, { state: 'sending', attempts: entry.attempts + 1 });
    try {
      const data = await mutation.send(entry.variables, { idempotencyKey: entry.idempotencyKey });
      settled.set(entry.id, { state: 'sent', data });
    } catch (error) {
      if (isRefusal(error)) {
        settled.set(entry.id, { state: 'dropped', error });
        for (const listener of droppedListeners) listener({ entry, error });
      } else if (!isAppliedAnyway(error)) {
        await db.outbox.update(entry.seq as number, { state: 'pending' });
        return false;
      }
    }
    await db.outbox.delete(entry.seq as number);
    onChange?.();
    return true;
  }

  /** One record's changes in order, stopping at the first that must wait. Returns how many left the outbox. */
  async function replayScope(entries: OutboxEntry[]): Promise<number> {
    let done = 0;
    for (const entry of entries) {
      const mutation = definitions.get(keyId(entry.mutationKey));
      // A change whose mutation is not registered yet (its feature not loaded) holds back the later ones of its record.
      if (!mutation || !(await replayEntry(entry, mutation))) break;
      done += 1;
    }
    return done;
  }

  async function replayAll(): Promise<void> {
    for (;;) {
      const entries = await db.outbox.orderBy('seq').toArray();
      const byScope = new Map<string, OutboxEntry[]>();
      for (const entry of entries) {
        const scoped = byScope.get(entry.scope);
        if (scoped) scoped.push(entry);
        else byScope.set(entry.scope, [entry]);
      }
      const done = await Promise.all([...byScope.values()].map(replayScope));
      // Stop when a pass moved nothing; otherwise look again for changes queued meanwhile.
      if (done.every((count) => count === 0)) return;
    }
  }

  /** Replays the outbox once (one flush per tab at a time; a call during a flush gets one follow-up flush). */
  const flush = oneDrainAtATime(() => gate.run('outbox', replayAll));

  /** Queues a change and tries to send it at once: the mutationFn of every offline-capable mutation. */
  async function submit<TData>(mutationKey: readonly string[], variables: unknown): Promise<OutboxOutcome<TData>> {
    const mutation = definitions.get(keyId(mutationKey));
    if (!mutation) throw new Error(`No offline mutation is registered for ${keyId(mutationKey)}.`);
    const entry: OutboxEntry = {
      id: crypto.randomUUID(),
      mutationKey,
      scope: mutation.scope(variables),
      variables,
      idempotencyKey: crypto.randomUUID(),
      createdAt: Date.now(),
      attempts: 0,
      state: 'pending',
    };
    await db.outbox.add(entry);
    onChange?.();
    await flush();
    const outcome = settled.get(entry.id);
    settled.delete(entry.id);
    if (outcome?.state === 'dropped') throw outcome.error;
    return outcome ? { state: 'sent', data: outcome.data as TData } : { state: 'queued' };
  }

  return {
    register,
    submit,
    flush,
    /** The waiting changes, oldest first. */
    entries: () => db.outbox.orderBy('seq').toArray(),
    onDropped(listener: (change: DroppedChange) => void): () => void {
      droppedListeners.add(listener);
      return () => droppedListeners.delete(listener);
    },
  };
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
