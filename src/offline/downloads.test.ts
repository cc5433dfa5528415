import { withCloneableBlobs } from '../../tests/support/cloneable-blobs';
import { createOfflineDbHarness } from '../../tests/support/offline-db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_DOWNLOAD_FAILED_MESSAGE } from '../shared/contracts/importexport';
import { createDownloadManager, progressPercent, type DownloadFetch } from './downloads';
import { createQueueGate } from './queue-gate';

withCloneableBlobs();

const PIECE_BYTES = 64 * 1024;

function patternedFile(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + seed) % 251;
  return bytes;
}

/** Byte-wise equality without vitest's element-by-element diff, which takes seconds on megabytes. */
async function sameBytes(blob: Blob, expected: Uint8Array): Promise<boolean> {
  return Buffer.from(await blob.arrayBuffer()).equals(Buffer.from(expected));
}

/**
 * A file server speaking Range/If-Range like the real export endpoint, which can cut the connection after a given
 * number of bytes and counts every byte it sent.
 */
function createFileServer(initial: Uint8Array) {
  let file = initial;
  let version = 1;
  let cutAfter: number | null = null;
  const state = { bytesSent: 0, requests: [] as { range: string | null; ifRange: string | null; status: number }[] };
  const etag = () => `"v${version}"`;

  const fetch: DownloadFetch = async (_url, init) => {
    const headers = new Headers(init.headers);
    const range = headers.get('Range');
    const ifRange = headers.get('If-Range');
    const ranged = range !== null && (ifRange === null || ifRange === etag());
    const [, rangeStart = '0', rangeEnd = ''] = (ranged ? /bytes=(\d+)-(\d*)/.exec(range) : null) ?? [];
    const start = Number(rangeStart);
    const end = rangeEnd === '' ? file.byteLength - 1 : Math.min(Number(rangeEnd), file.byteLength - 1);
    if (start >= file.byteLength && ranged) {
      state.requests.push({ range, ifRange, status: 416 });
      return new Response(null, { status: 416 });
    }
    const status = ranged ? 206 : 200;
    state.requests.push({ range, ifRange, status });
    const body = ranged ? file.subarray(start, end + 1) : file;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (cutAfter !== null && cutAfter <= 0) {
          cutAfter = null;
          return controller.error(new TypeError('network connection lost'));
        }
        if (at >= body.byteLength) return controller.close();
        const piece = body.slice(at, Math.min(at + PIECE_BYTES, body.byteLength, at + (cutAfter ?? Infinity)));
        at += piece.byteLength;
        state.bytesSent += piece.byteLength;
        if (cutAfter !== null) cutAfter -= piece.byteLength;
        controller.enqueue(piece);
      },
    });
    const responseHeaders = new Headers({ ETag: etag(), 'Content-Length': String(body.byteLength) });
    if (ranged) responseHeaders.set('Content-Range', `bytes ${start}-${end}/${file.byteLength}`);
    return new Response(stream, { status, headers: responseHeaders });
  };

  return {
    state,
    fetch,
    /** The network breaks once this many more bytes were sent, whichever requests they belong to. */
    cutNextAfter(bytes: number) {
      cutAfter = bytes;
    },
    replaceFile(next: Uint8Array) {
      file = next;
      version += 1;
    },
  };
}

describe('download manager', () => {
  let harness = createOfflineDbHarness();
  const gate = () => createQueueGate({ locks: null, readSession: () => ({ token: 'opaque', refreshToken: 'r', userId: 'u' }) });

  beforeEach(() => {
    harness = createOfflineDbHarness();
  });
  afterEach(() => harness.closeAll());

  it('resumes after three interruptions and a reload, fetching at most 1.05 times the file', async () => {
    const file = patternedFile(4 * 1024 * 1024 + 123, 7);
    const server = createFileServer(file);
    let db = harness.open();
    let manager = createDownloadManager({ db, gate: gate(), fetch: server.fetch });
    const item = await manager.enqueue({ url: '/api/importexport?id=c1', fileName: 'c1.bin', label: 'Collection 1' });

    for (const cut of [700_000, 1_100_000, 900_000]) {
      server.cutNextAfter(cut);
      await manager.drain();
      const stored = await db.downloads.get(item.id);
      expect(stored?.status).toBe('downloading');
      expect(stored?.progress).toBeGreaterThanOrEqual(1);
      // The reload: only IndexedDB survives.
      db.close();
      db = harness.open();
      manager = createDownloadManager({ db, gate: gate(), fetch: server.fetch });
    }
    await manager.drain();

    const done = await db.downloads.get(item.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, receivedBytes: file.byteLength });
    expect(await sameBytes(await manager.file(item.id), file)).toBe(true);
    expect(server.state.bytesSent).toBeLessThanOrEqual(file.byteLength * 1.05);
    expect(server.state.requests.slice(1).every((request) => request.status === 206 && request.ifRange === '"v1"')).toBe(true);
  });

  it('asks for bounded ranges, so a cut wastes at most the rest of one range', async () => {
    const file = patternedFile(1_000_000, 3);
    const server = createFileServer(file);
    const db = harness.open();
    const manager = createDownloadManager({ db, gate: gate(), fetch: server.fetch, requestBytes: 300_000, persistEveryBytes: 100_000 });
    const item = await manager.enqueue({ url: '/api/importexport?id=c3', fileName: 'c3.bin', label: 'Collection 3' });
    await manager.drain();

    expect(server.state.requests.map((request) => request.range)).toEqual([
      'bytes=0-299999',
      'bytes=300000-599999',
      'bytes=600000-899999',
      'bytes=900000-1199999',
    ]);
    expect(await db.downloads.get(item.id)).toMatchObject({ status: 'completed', receivedBytes: file.byteLength });
    expect(await sameBytes(await manager.file(item.id), file)).toBe(true);
    expect(server.state.bytesSent).toBe(file.byteLength);
  });

  it('restarts cleanly when the file changed on the server (If-Range answered with 200)', async () => {
    const server = createFileServer(patternedFile(1_000_000, 1));
    const db = harness.open();
    const manager = createDownloadManager({ db, gate: gate(), fetch: server.fetch, persistEveryBytes: 100_000 });
    const item = await manager.enqueue({ url: '/api/importexport?id=c2', fileName: 'c2.bin', label: 'Collection 2' });
    server.cutNextAfter(400_000);
    await manager.drain();
    expect((await db.downloads.get(item.id))?.receivedBytes).toBeGreaterThan(0);

    const changed = patternedFile(800_000, 99);
    server.replaceFile(changed);
    await manager.drain();

    expect(server.state.requests.at(-1)).toMatchObject({ ifRange: '"v1"', status: 200 });
    expect(await db.downloads.get(item.id)).toMatchObject({ status: 'completed', etag: '"v2"', totalBytes: changed.byteLength });
    expect(await sameBytes(await manager.file(item.id), changed)).toBe(true);
  });

  it('fails an item whose checksum does not match, with the reason, and drops its bytes', async () => {
    const server = createFileServer(patternedFile(200_000, 3));
    const db = harness.open();
    const verify = async (blob: Blob) => (blob.size === 200_000 ? 'Checksum mismatch' : null);
    const manager = createDownloadManager({ db, gate: gate(), fetch: server.fetch, verify });
    const first = await manager.enqueue({ url: '/a', fileName: 'a.bin', label: 'A' });
    await manager.drain();
    expect(await db.downloads.get(first.id)).toMatchObject({ status: 'failed', error: 'Checksum mismatch', receivedBytes: 0 });
    expect(await db.downloadChunks.count()).toBe(0);
  });

  it('fails on a 4xx answer with the spec message but keeps the item for a 5xx or a dead network', async () => {
    const db = harness.open();
    let answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 503 }));
    const manager = createDownloadManager({ db, gate: gate(), fetch: () => answer() });
    const item = await manager.enqueue({ url: '/x', fileName: 'x.bin', label: 'X' });

    await manager.drain();
    expect((await db.downloads.get(item.id))?.status).toBe('queued');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await manager.drain();
    expect((await db.downloads.get(item.id))?.status).toBe('queued');
    answer = () => Promise.resolve(new Response(null, { status: 404 }));
    await manager.drain();
    expect(await db.downloads.get(item.id)).toMatchObject({ status: 'failed', error: FILE_DOWNLOAD_FAILED_MESSAGE });
  });

  it('hands a completed file out once, with its item and bytes removed in the same step', async () => {
    const file = patternedFile(300_000, 11);
    const db = harness.open();
    const manager = createDownloadManager({ db, gate: gate(), fetch: createFileServer(file).fetch, persistEveryBytes: 100_000 });
    const item = await manager.enqueue({ url: '/t', fileName: 't.bin', label: 'T' });
    expect(await manager.take(item.id)).toBeNull();
    await manager.drain();

    const taken = await manager.take(item.id);
    expect(taken?.item).toMatchObject({ id: item.id, fileName: 't.bin', status: 'completed' });
    expect(taken && (await sameBytes(taken.file, file))).toBe(true);
    expect(await manager.take(item.id)).toBeNull();
    expect(await db.downloads.count()).toBe(0);
    expect(await db.downloadChunks.count()).toBe(0);
  });

  it('does not drain while the queues are paused for a sign-in, and keeps the items', async () => {
    const server = createFileServer(patternedFile(10_000, 5));
    const db = harness.open();
    const pausedGate = createQueueGate({ locks: null, readSession: () => null });
    const manager = createDownloadManager({ db, gate: pausedGate, fetch: server.fetch });
    await manager.enqueue({ url: '/p', fileName: 'p.bin', label: 'P' });
    expect(await manager.drain()).toBe('paused');
    expect(pausedGate.isSignInNeeded()).toBe(true);
    expect(server.state.requests).toHaveLength(0);
    expect(await manager.list()).toHaveLength(1);
  });
});

describe('progressPercent', () => {
  it('runs 1..100, with a minimum of 1 and a cap of 100 (spec §9)', () => {
    expect(progressPercent(0, 1000)).toBe(1);
    expect(progressPercent(5, null)).toBe(1);
    expect(progressPercent(500, 1000)).toBe(50);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(5000, 1000)).toBe(100);
  });
});
