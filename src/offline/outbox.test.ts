import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authBackend } from '../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { createDrainLocks } from '../../tests/support/drain-locks';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { apiJson } from '../lib/api-client';
import { setSession } from '../lib/session';
import { IDEMPOTENCY_HEADER } from '../shared/endpoints';
import type { OfflineDb } from './db';
import type { RefusedChange } from './db';
import {
  createOutbox,
  idempotencyHeaders,
  layPendingOver,
  pendingView,
  registerOfflineMutations,
  type OfflineMutation,
  type Outbox,
  type OutboxOutcome,
} from './outbox';
import { createQueueGate, type QueueGate } from './queue-gate';

withCloneableBlobs();

const recordSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string(), value: z.string() }) });
type RecordAnswer = z.infer<typeof recordSchema>;
type Record = RecordAnswer['data'];
interface Edit {
  id: string;
  value: string;
}

const REFUSED_VALUE = 'refused';

/**
 * A records API honouring Idempotency-Key like the real server: a repeated key gets the first answer and changes
 * nothing. `loseAnswerOf` applies a change and then drops the connection, as a network cut right after the write does.
 */
function createRecordsBackend() {
  const history = new Map<string, string[]>();
  const answers = new Map<string, RecordAnswer>();
  const state = { online: false, writes: 0, serverFault: false, loseAnswerOf: new Set<string>(), requests: [] as string[] };

  const handlers = [
    // Registered first: while "offline" every request (the token refresh too) fails like a dead network.
    http.all('*', () => (state.online ? undefined : HttpResponse.error())),
    http.put(anyOrigin('/api/test-records/:id'), async ({ request, params }) => {
      const token = request.headers.get('Authorization')?.replace('Bearer ', '');
      if (!authBackend.authenticate(token)) return errorResponse(401, 'Not signed in.');
      const id = String(params.id);
      const key = request.headers.get(IDEMPOTENCY_HEADER) ?? '';
      const { value } = (await request.json()) as { value: string };
      state.requests.push(`${id}:${value}`);
      if (state.serverFault) return errorResponse(503, 'Try later');
      if (answers.has(key)) return HttpResponse.json(answers.get(key));
      if (value === REFUSED_VALUE) return errorResponse(422, 'Name is not valid');
      state.writes += 1;
      history.set(id, [...(history.get(id) ?? []), value]);
      const body: RecordAnswer = { success: true, data: { id, value } };
      answers.set(key, body);
      if (state.loseAnswerOf.delete(value)) return HttpResponse.error();
      return HttpResponse.json(body);
    }),
  ];
  return { state, history, handlers };
}

const saveRecord: OfflineMutation<Edit, Record> = {
  mutationKey: ['test-records', 'save'],
  scope: (edit) => `test-record:${edit.id}`,
  describe: (edit) => `Record '${edit.id}'`,
  send: async (edit, { idempotencyKey }) =>
    (await apiJson(`/api/test-records/${edit.id}`, recordSchema, { method: 'PUT', json: { value: edit.value }, headers: idempotencyHeaders(idempotencyKey) }))
      .data,
};

function signIn({ expiredAccessToken = false } = {}) {
  const user = authBackend.addUser();
  const session = authBackend.issueSession(user, { expiredAccessToken });
  setSession(session);
  return { user, session };
}

describe('mutation outbox', () => {
  let harness = createOfflineDbHarness();
  let backend = createRecordsBackend();
  let db: OfflineDb;
  let gate: QueueGate;
  let outbox: Outbox;
  /** The armed retry timers, fired by hand. */
  const retries: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const armRetry = (run: () => void, ms: number) => {
    const retry = { run, ms, cancelled: false };
    retries.push(retry);
    return () => {
      retry.cancelled = true;
    };
  };

  /** A fresh page: the database reopened, a new gate and outbox, the mutations registered again. */
  function load(): void {
    db = harness.open();
    gate = createQueueGate({ locks: null });
    retries.length = 0;
    outbox = createOutbox({ db, gate, random: () => 0.5, setTimer: armRetry });
    outbox.register(saveRecord);
  }

  function reload(): void {
    db.close();
    load();
  }

  beforeEach(() => {
    harness = createOfflineDbHarness();
    backend = createRecordsBackend();
    server.use(...backend.handlers);
    load();
  });
  afterEach(() => harness.closeAll());

  it('replays 50 offline edits across 5 records and 2 reloads exactly once each, in order per record', async () => {
    signIn();
    const ids = ['r1', 'r2', 'r3', 'r4', 'r5'];
    const edits = Array.from({ length: 50 }, (_, index) => ({ id: ids[index % 5], value: `v${index}` }));
    for (const [index, edit] of edits.entries()) {
      expect(await outbox.submit(saveRecord.mutationKey, edit)).toEqual({ state: 'queued' });
      if (index === 19 || index === 39) reload();
    }
    expect(await db.outbox.count()).toBe(50);
    const keys = (await outbox.entries()).map((entry) => entry.idempotencyKey);

    // Two writes land on the server but their answers are lost: the retry must not apply them again.
    backend.state.loseAnswerOf = new Set(['v25', 'v31']);
    backend.state.online = true;
    expect(await outbox.flush()).toBe('drained');

    for (const id of ids) expect(backend.history.get(id)).toEqual(edits.filter((edit) => edit.id === id).map((edit) => edit.value));
    expect(backend.state.writes).toBe(50);
    expect(await db.outbox.count()).toBe(0);
    expect(new Set(keys).size).toBe(50);
  });

  it('refreshes an expired token exactly once on reconnect, then replays', async () => {
    signIn({ expiredAccessToken: true });
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'a' });
    await outbox.submit(saveRecord.mutationKey, { id: 'r2', value: 'b' });
    expect(authBackend.state.calls.refresh).toBe(0);

    backend.state.online = true;
    const order: string[] = [];
    server.events.on('request:start', ({ request }) => order.push(new URL(request.url).pathname));
    expect(await outbox.flush()).toBe('drained');

    expect(authBackend.state.calls.refresh).toBe(1);
    expect(order[0]).toBe('/api/refreshToken');
    expect(backend.history).toEqual(new Map([['r1', ['a']], ['r2', ['b']]]));
  });

  it('pauses on a refused refresh and keeps every change, asking for a sign-in', async () => {
    const { user } = signIn({ expiredAccessToken: true });
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'a' });
    authBackend.revoke(user.id);
    backend.state.online = true;
    const signInNeeded: boolean[] = [];
    gate.subscribe(() => signInNeeded.push(gate.isSignInNeeded()));

    expect(await outbox.flush()).toBe('paused');
    expect(await outbox.flush()).toBe('paused');

    expect(authBackend.state.calls.refresh).toBe(1);
    expect(signInNeeded).toEqual([true]);
    expect(backend.state.requests).toEqual([]);
    expect(await db.outbox.count()).toBe(1);

    // The same user signed in again: the kept change goes through.
    setSession(authBackend.issueSession(user));
    gate.resume();
    expect(await outbox.flush()).toBe('drained');
    expect(backend.history.get('r1')).toEqual(['a']);
  });

  it('fails the awaited save of a change the server refuses, and goes on with the next change of that record', async () => {
    signIn();
    backend.state.online = true;
    const reported: RefusedChange[] = [];
    outbox.onRefused((change) => reported.push(change));

    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'first' });
    await expect(outbox.submit(saveRecord.mutationKey, { id: 'r1', value: REFUSED_VALUE })).rejects.toThrow('Name is not valid');
    expect(await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'third' })).toEqual({ state: 'sent', data: { id: 'r1', value: 'third' } });

    // The user saw the refusal on the form: it is not kept as a refused change too.
    expect(reported).toEqual([]);
    expect(await outbox.refused()).toEqual([]);
    expect(backend.history.get('r1')).toEqual(['first', 'third']);
  });

  it('keeps a change refused on a later replay, with the record and the server message, until the user discards it', async () => {
    signIn();
    const reported: RefusedChange[] = [];
    outbox.onRefused((change) => reported.push(change));
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'first' });
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: REFUSED_VALUE });
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'third' });
    reload();
    outbox.onRefused((change) => reported.push(change));

    backend.state.online = true;
    expect(await outbox.flush()).toBe('drained');

    const refusal = { label: "Record 'r1'", record: 'test-record:r1', status: 422, message: 'Name is not valid', variables: { id: 'r1', value: REFUSED_VALUE } };
    expect(reported).toEqual([expect.objectContaining(refusal)]);
    const kept = await outbox.refused();
    expect(kept).toEqual([expect.objectContaining(refusal)]);
    expect(backend.history.get('r1')).toEqual(['first', 'third']);
    expect(await db.outbox.count()).toBe(0);

    await outbox.discardRefused(kept[0]?.id ?? '');
    expect(await outbox.refused()).toEqual([]);
  });

  it('tells the views of a record when a replay settled a change, but not for a save the screen awaits itself', async () => {
    signIn();
    const replayed: unknown[] = [];
    outbox = createOutbox({ db, gate, setTimer: armRetry, onReplayed: (_mutation, variables) => replayed.push(variables) });
    outbox.register(saveRecord);
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'offline' });
    backend.state.online = true;
    await outbox.submit(saveRecord.mutationKey, { id: 'r2', value: 'online' });
    expect(replayed).toEqual([{ id: 'r1', value: 'offline' }]);
  });

  it("tells a screen the newest waiting change of a record, the signed-in user's only", async () => {
    signIn();
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'older' });
    await outbox.submit(saveRecord.mutationKey, { id: 'r2', value: 'other record' });
    await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'newest' });
    expect(await outbox.latestPending(saveRecord, 'test-record:r1')).toEqual({ id: 'r1', value: 'newest' });
    expect(await outbox.latestPending(saveRecord, 'test-record:r3')).toBeUndefined();

    signIn();
    expect(await outbox.latestPending(saveRecord, 'test-record:r1')).toBeUndefined();
  });

  it('keeps a change on a server fault, with its attempt counted and the same key for the retry', async () => {
    signIn();
    backend.state.online = true;
    backend.state.serverFault = true;
    expect(await outbox.submit(saveRecord.mutationKey, { id: 'r1', value: 'x' })).toEqual({ state: 'queued' });
    const [kept] = await outbox.entries();
    expect(kept).toMatchObject({ attempts: 1, state: 'pending' });

    // The retry comes on the backoff timer, no trigger needed: full jitter within 1 s after the first failed flush.
    expect(retries.map(({ ms, cancelled }) => ({ ms, cancelled }))).toEqual([{ ms: 500, cancelled: false }]);
    backend.state.serverFault = false;
    retries[0]?.run();
    await expect.poll(() => backend.history.get('r1')).toEqual(['x']);
    // The timer's flush is not awaited by anyone: wait for it to end (this call follows it) before the database closes.
    await outbox.flush();
    expect(backend.history.get('r1')).toEqual(['x']);
    expect(await db.outbox.count()).toBe(0);
    expect(retries).toHaveLength(1);
  });

  it('serves React Query mutations through setMutationDefaults: queued offline, sent online', async () => {
    signIn();
    const queryClient = new QueryClient();
    registerOfflineMutations(queryClient, outbox, [saveRecord]);
    const mutate = (edit: Edit) =>
      new MutationObserver<OutboxOutcome<Record>, Error, Edit>(queryClient, { mutationKey: saveRecord.mutationKey }).mutate(edit);

    expect(await mutate({ id: 'r1', value: 'offline' })).toEqual({ state: 'queued' });
    backend.state.online = true;
    expect(await mutate({ id: 'r1', value: 'online' })).toEqual({ state: 'sent', data: { id: 'r1', value: 'online' } });
    expect(backend.history.get('r1')).toEqual(['offline', 'online']);
  });

  it('lets only one of two open tabs replay the shared outbox, each change once', async () => {
    signIn();
    for (let index = 0; index < 10; index += 1) await outbox.submit(saveRecord.mutationKey, { id: `r${index % 2}`, value: `v${index}` });
    backend.state.online = true;
    const locks = createDrainLocks();
    const tabs = [harness.open(), harness.open()].map((tabDb) => {
      const tab = createOutbox({ db: tabDb, gate: createQueueGate({ locks }) });
      tab.register(saveRecord);
      return tab;
    });

    const outcomes = await Promise.all(tabs.map((tab) => tab.flush()));

    expect(outcomes.sort()).toEqual(['busy', 'drained']);
    expect(backend.state.requests).toHaveLength(10);
    expect(backend.history.get('r0')).toEqual(['v0', 'v2', 'v4', 'v6', 'v8']);
    expect(backend.history.get('r1')).toEqual(['v1', 'v3', 'v5', 'v7', 'v9']);
  });
});

describe('layPendingOver', () => {
  const listKey = ['notes', 'list'] as const;
  type Note = { id: string; text: string };
  const saveNote: OfflineMutation<Note, Note> = {
    mutationKey: ['notes', 'save'],
    scope: (note) => note.id,
    describe: (note) => note.text,
    shows: (note) => [pendingView(listKey, (notes: Note[]) => [...notes.filter((known) => known.id !== note.id), note])],
    send: async (note) => note,
  };
  const countNote: OfflineMutation<Note, Note> = {
    ...saveNote,
    mutationKey: ['notes', 'count'],
    // Under every query of the notes area: a prefix of their keys.
    shows: () => [pendingView(['notes'], (notes: Note[]) => [...notes, { id: 'count', text: String(notes.length) }])],
  };
  const registered = new Map([
    [JSON.stringify(saveNote.mutationKey), saveNote],
    [JSON.stringify(countNote.mutationKey), countNote],
  ]) as Map<string, OfflineMutation<unknown, unknown>>;
  const definitionOf = (mutationKey: readonly string[]) => registered.get(JSON.stringify(mutationKey));
  const entry = (mutation: OfflineMutation<Note, Note>, note: Note) => ({ mutationKey: mutation.mutationKey, variables: note });
  const fetched: Note[] = [
    { id: 'a', text: 'server a' },
    { id: 'b', text: 'server b' },
  ];

  it('lays the waiting changes over the fetched list, oldest first, so the newest of a record wins', () => {
    const shown = layPendingOver(
      fetched,
      listKey,
      [entry(saveNote, { id: 'a', text: 'edit 1' }), entry(saveNote, { id: 'c', text: 'new' }), entry(saveNote, { id: 'a', text: 'edit 2' })],
      definitionOf,
    );
    expect(shown).toEqual([
      { id: 'b', text: 'server b' },
      { id: 'c', text: 'new' },
      { id: 'a', text: 'edit 2' },
    ]);
    expect(fetched).toHaveLength(2);
  });

  it('applies a view under a key prefix, skips other queries and unregistered mutations, and needs data', () => {
    const entries = [entry(countNote, { id: 'x', text: '' }), { mutationKey: ['notes', 'unknown'], variables: { id: 'z', text: 'lost?' } }];
    expect(layPendingOver(fetched, listKey, entries, definitionOf)).toEqual([...fetched, { id: 'count', text: '2' }]);
    expect(layPendingOver(fetched, ['other', 'list'], [entry(saveNote, { id: 'a', text: 'edit' })], definitionOf)).toBe(fetched);
    expect(layPendingOver(undefined, listKey, [entry(saveNote, { id: 'a', text: 'edit' })], definitionOf)).toBeUndefined();
  });
});
