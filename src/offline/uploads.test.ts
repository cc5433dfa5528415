import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../shared/endpoints';
import type { OfflineDb } from './db';
import { createQueueGate } from './queue-gate';
import { createUploadManager, type UploadAnswer, type UploadManager, type UploadParts } from './uploads';

withCloneableBlobs();

const SESSION = { token: 'opaque-token', refreshToken: 'r', userId: 'u' };

/** A scripted transport: each call takes the next answer (an Error plays a dead network) and reports progress. */
function createScriptedTransport(script: (UploadAnswer | Error)[]) {
  const calls: { parts: UploadParts; content: string }[] = [];
  const transport = async (parts: UploadParts, onProgress: (loaded: number, total: number) => void) => {
    calls.push({ parts, content: await parts.file.text() });
    onProgress(parts.file.size / 2, parts.file.size);
    const next = script.shift() ?? new Error('no more answers scripted');
    if (next instanceof Error) throw next;
    return next;
  };
  return { calls, transport };
}

describe('upload manager', () => {
  let harness = createOfflineDbHarness();
  let clock = 1_000_000;
  let timers: number[] = [];
  let db: OfflineDb;
  let manager: UploadManager | null = null;

  function load(transport: ReturnType<typeof createScriptedTransport>['transport']): UploadManager {
    manager?.stop();
    db = harness.open();
    manager = createUploadManager({
      db,
      gate: createQueueGate({ locks: null, readSession: () => SESSION }),
      transport,
      readSession: () => SESSION,
      now: () => clock,
      random: () => 0.5,
      // Time moves only when the test says so: the backoff timer is recorded, not run.
      setTimer: (_run, ms) => {
        timers.push(ms);
        return () => undefined;
      },
    });
    return manager;
  }

  beforeEach(() => {
    harness = createOfflineDbHarness();
    timers = [];
  });
  afterEach(() => {
    manager?.stop();
    manager = null;
    harness.closeAll();
  });

  it('retries with backoff under one Idempotency-Key and survives a reload with its file', async () => {
    const { calls, transport } = createScriptedTransport([
      new TypeError('offline'),
      { status: 503, body: null },
      { status: 200, body: { status: 'success', data: { importComplete: true, statusId: 's1' } } },
    ]);
    let uploads = load(transport);
    const item = await uploads.enqueue({ url: '/api/importexport/importexport', file: new Blob(['collection bytes']), fileName: 'c.bin' });

    await uploads.drain();
    // First failure: full jitter in [0, 1 s] with random 0.5.
    expect(await db.uploads.get(item.id)).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: clock + 500 });
    expect(timers).toEqual([500]);
    await uploads.drain();
    expect(calls).toHaveLength(1);

    db.close();
    uploads = load(transport);
    clock += 500;
    await uploads.drain();
    expect(await db.uploads.get(item.id)).toMatchObject({ attempts: 2, nextAttemptAt: clock + 1_000 });
    clock += 1_000;
    await uploads.drain();

    expect(await db.uploads.get(item.id)).toMatchObject({ status: 'completed', progress: 100, response: { data: { importComplete: true, statusId: 's1' } } });
    expect(calls.map((call) => call.content)).toEqual(['collection bytes', 'collection bytes', 'collection bytes']);
    expect(new Set(calls.map((call) => call.parts.headers[IDEMPOTENCY_HEADER])).size).toBe(1);
    expect(calls[0]?.parts).toMatchObject({ fileField: 'file', fileName: 'c.bin', headers: { Authorization: 'Bearer opaque-token' } });
  });

  it('tries an item waiting out its backoff at once when a resume trigger comes', async () => {
    const { calls, transport } = createScriptedTransport([
      new TypeError('offline'),
      new TypeError('offline'),
      new TypeError('offline'),
      { status: 200, body: { status: 'success', data: { importComplete: true, statusId: 's2' } } },
    ]);
    const uploads = load(transport);
    const item = await uploads.enqueue({ url: '/api/importexport/importexport', file: new Blob(['bytes']), fileName: 'c.bin' });
    for (let failures = 1; failures <= 3; failures += 1) {
      await uploads.drain();
      // Time moves to the retry, except after the third failure: the item is left waiting out its backoff.
      if (failures < 3) clock = (await db.uploads.get(item.id))?.nextAttemptAt ?? clock;
    }
    // Waiting out its backoff: a drain alone does not try it before its time.
    const postponed = await db.uploads.get(item.id);
    expect(postponed?.nextAttemptAt).toBeGreaterThan(clock);
    await uploads.drain();
    expect(calls).toHaveLength(3);

    await uploads.resume();
    expect(calls).toHaveLength(4);
    expect(await db.uploads.get(item.id)).toMatchObject({ status: 'completed' });
  });

  it('fails an item on a final 4xx with the server message and goes on with the next', async () => {
    const { transport } = createScriptedTransport([
      { status: 422, body: { message: 'Collection Import Failed! The file is truncated.' } },
      { status: 200, body: { data: { importComplete: false } } },
    ]);
    const uploads = load(transport);
    const bad = await uploads.enqueue({ url: '/u', file: new Blob(['x']), fileName: 'bad.bin' });
    const good = await uploads.enqueue({ url: '/u', file: new Blob(['y']), fileName: 'good.bin' });
    await uploads.drain();
    expect(await db.uploads.get(bad.id)).toMatchObject({ status: 'failed', error: 'Collection Import Failed! The file is truncated.' });
    expect(await db.uploads.get(good.id)).toMatchObject({ status: 'completed' });
  });

  it('leaves the wording to the view when a refusal has no message, and hands each finished item out once', async () => {
    const { transport } = createScriptedTransport([{ status: 400, body: null }, { status: 200, body: { data: { importComplete: true } } }]);
    const uploads = load(transport);
    const refused = await uploads.enqueue({ url: '/u', file: new Blob(['x']), fileName: 'refused.bin' });
    const waiting = await uploads.enqueue({ url: '/u', file: new Blob(['y']), fileName: 'waiting.bin' });
    expect(await uploads.take(waiting.id)).toBeNull();
    await uploads.drain();

    const taken = await uploads.take(refused.id);
    expect(taken).toMatchObject({ status: 'failed', fileName: 'refused.bin' });
    expect(taken?.error).toBeUndefined();
    // A second page asking for the same item gets nothing: exactly one reports it.
    expect(await uploads.take(refused.id)).toBeNull();
    expect(await uploads.take(waiting.id)).toMatchObject({ status: 'completed', response: { data: { importComplete: true } } });
    expect(await db.uploads.count()).toBe(0);
  });

  it('records upload progress from the transport as 1..100', async () => {
    let release: (answer: UploadAnswer) => void = () => {};
    const uploads = load((parts, onProgress) => {
      onProgress(parts.file.size / 4, parts.file.size);
      return new Promise((resolve) => {
        release = resolve;
      });
    });
    const item = await uploads.enqueue({ url: '/u', file: new Blob(['12345678']), fileName: 'p.bin' });
    const drained = uploads.drain();
    await expect.poll(async () => (await db.uploads.get(item.id))?.progress).toBe(25);
    release({ status: 200, body: {} });
    await drained;
    expect((await db.uploads.get(item.id))?.progress).toBe(100);
  });

  it('renews the token after a 401 and retries on the backoff timer, keeping the item', async () => {
    const { calls, transport } = createScriptedTransport([{ status: 401, body: null }, { status: 201, body: {} }]);
    db = harness.open();
    const renewed: (string | undefined)[] = [];
    const gate = createQueueGate({ locks: null, readSession: () => SESSION, refresh: async (stale) => (renewed.push(stale), 'new-token') });
    manager = createUploadManager({ db, gate, transport, readSession: () => SESSION, now: () => clock, random: () => 0 });
    const item = await manager.enqueue({ url: '/u', file: new Blob(['z']), fileName: 'z.bin' });

    await manager.drain();
    expect(renewed).toEqual(['opaque-token']);
    // No second drain by the test: the backoff timer (0 ms with this jitter) retries on its own.
    await expect.poll(async () => (await db.uploads.get(item.id))?.status).toBe('completed');
    expect(await db.uploads.get(item.id)).toMatchObject({ attempts: 1 });
    expect(calls).toHaveLength(2);
  });
});
