import { apiFetch } from '../lib/api-client';
import { FILE_DOWNLOAD_FAILED_MESSAGE } from '../shared/contracts/importexport';
import { DOWNLOAD_PERSIST_BYTES, DOWNLOAD_REQUEST_BYTES } from './constants';
import { createOrderedClock, isOwnedBy, isQueueItemActive, ownerStamp, type DownloadItem, type OfflineDb } from './db';
import { oneDrainAtATime, type QueueGate } from './queue-gate';

export type DownloadFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Returns why a completed file is not acceptable (the export format's checksum), or null when it is. */
export type VerifyDownload = (file: Blob, item: DownloadItem) => Promise<string | null>;

export interface DownloadManagerOptions {
  db: OfflineDb;
  gate: QueueGate;
  fetch?: DownloadFetch;
  persistEveryBytes?: number;
  /** The most bytes one request asks for; the queue goes on with the next range until the file is whole. */
  requestBytes?: number;
  verify?: VerifyDownload;
  /** Called after every stored change (progress, status), for views that show the queue. */
  onChange?: () => void;
}

export interface DownloadRequest {
  url: string;
  fileName: string;
  label: string;
}

/** Spec §9: the percent of an item runs 1..100, never 0, never above 100. */
export function progressPercent(receivedBytes: number, totalBytes: number | null): number {
  if (!totalBytes) return 1;
  return Math.min(100, Math.max(1, Math.floor((receivedBytes * 100) / totalBytes)));
}

/** The start offset and total size of a `Content-Range: bytes start-end/total` header. */
function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

function concatBytes(pieces: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes;
}

/** What one attempt at an item ended with: go on with the next item, or stop draining until the next trigger. */
type AttemptResult = 'next' | 'stop';

export type DownloadManager = ReturnType<typeof createDownloadManager>;

/**
 * The export/download queue. The file is fetched in ranges of `requestBytes` (`Range: bytes=N-M`, with
 * `If-Range: <etag>` after the first), and bytes are stored in IndexedDB as they arrive (every `persistEveryBytes`), so
 * an interrupted download resumes where the store ends: no stored byte is fetched twice, and a cut wastes at most the
 * rest of one range. A 200 to a ranged request means the file changed on the server, and the item restarts from zero.
 */
export function createDownloadManager(options: DownloadManagerOptions) {
  const { db, gate, fetch: fetchFile = apiFetch, persistEveryBytes = DOWNLOAD_PERSIST_BYTES, requestBytes = DOWNLOAD_REQUEST_BYTES, verify, onChange } = options;
  const creationTime = createOrderedClock();
  let stopped = false;

  async function update(id: string, changes: Partial<DownloadItem>): Promise<void> {
    await db.downloads.update(id, changes);
    onChange?.();
  }

  async function dropBytes(id: string): Promise<void> {
    await db.downloadChunks.where('[downloadId+offset]').between([id, 0], [id, Infinity]).delete();
  }

  async function fail(item: DownloadItem, error: string = FILE_DOWNLOAD_FAILED_MESSAGE): Promise<void> {
    await dropBytes(item.id);
    await update(item.id, { status: 'failed', error, receivedBytes: 0 });
  }

  async function enqueue(request: DownloadRequest): Promise<DownloadItem> {
    const item: DownloadItem = {
      id: crypto.randomUUID(),
      ...request,
      etag: null,
      totalBytes: null,
      receivedBytes: 0,
      progress: 1,
      status: 'queued',
      createdAt: creationTime(),
      ...ownerStamp(gate.currentUserId()),
    };
    await db.downloads.add(item);
    onChange?.();
    return item;
  }

  /** Asks for the next range of `item` after its stored bytes (the first range starts it). */
  function request(item: DownloadItem): Promise<Response> {
    const from = item.receivedBytes;
    const headers = new Headers({ Range: `bytes=${from}-${from + requestBytes - 1}` });
    if (from > 0 && item.etag) headers.set('If-Range', item.etag);
    return fetchFile(item.url, { headers });
  }

  /** Where the answer's bytes start, or null when the stored bytes cannot be continued with it. */
  function answerStart(item: DownloadItem, response: Response): { start: number; total: number | null } | null {
    if (response.status === 206) {
      const range = parseContentRange(response.headers.get('Content-Range'));
      return range && range.start === item.receivedBytes ? range : null;
    }
    const length = response.headers.get('Content-Length');
    return { start: 0, total: length === null ? null : Number(length) };
  }

  async function attempt(stored: DownloadItem): Promise<AttemptResult> {
    // Bytes without a validator cannot be continued safely: start over.
    let item = stored.receivedBytes > 0 && !stored.etag ? { ...stored, receivedBytes: 0 } : stored;
    if (item !== stored) await dropBytes(item.id);
    let response: Response;
    try {
      response = await request(item);
    } catch {
      return 'stop';
    }
    if (response.status === 416 && item.receivedBytes === 0) {
      // Not even the first byte exists: an empty answer is no export.
      await fail(item);
      return 'next';
    }
    if (response.status === 416) {
      // The stored bytes reach past the file as it is now: it changed. Start over on the next pass.
      await dropBytes(item.id);
      await update(item.id, { receivedBytes: 0, etag: null, progress: 1 });
      return 'next';
    }
    if (response.status >= 500) return 'stop';
    if (!response.ok) {
      await fail(item);
      return 'next';
    }
    const start = answerStart(item, response);
    if (!start && item.receivedBytes === 0) {
      await fail(item);
      return 'next';
    }
    if (!start) {
      // The answer does not continue the stored bytes: start over on the next pass.
      await dropBytes(item.id);
      await update(item.id, { receivedBytes: 0, etag: null, progress: 1 });
      return 'next';
    }
    if (start.start === 0 && item.receivedBytes > 0) {
      // A full answer to a ranged request: the file changed since the stored bytes were fetched.
      await dropBytes(item.id);
    }
    item = {
      ...item,
      receivedBytes: start.start,
      totalBytes: start.total,
      etag: response.headers.get('ETag'),
      status: 'downloading',
    };
    // Each range after the first finds the item as stored already (receivedBytes, which the queue view shows, included):
    // write, and refresh the views, only when something changed.
    const changed =
      stored.status !== 'downloading' ||
      stored.receivedBytes !== item.receivedBytes ||
      stored.totalBytes !== item.totalBytes ||
      stored.etag !== item.etag ||
      stored.error !== undefined;
    if (changed) await update(item.id, { receivedBytes: item.receivedBytes, totalBytes: item.totalBytes, etag: item.etag, status: 'downloading', error: undefined });
    const streamed = await receive(item, response);
    if (streamed === 'stop') return 'stop';
    // A range ended before the file: the next pass asks for the following one (an answer that brought nothing fails).
    if (item.totalBytes !== null && streamed < item.totalBytes && streamed > item.receivedBytes) return 'next';
    await complete({ ...item, receivedBytes: streamed });
    return 'next';
  }

  /** Stores the body as it arrives; returns the byte count reached, or 'stop' when the connection broke. */
  async function receive(item: DownloadItem, response: Response): Promise<number | 'stop'> {
    let received = item.receivedBytes;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;

    const persist = async () => {
      if (pendingBytes === 0) return;
      const data = concatBytes(pending, pendingBytes);
      const offset = received;
      received += pendingBytes;
      pending = [];
      pendingBytes = 0;
      await db.transaction('rw', db.downloadChunks, db.downloads, async () => {
        await db.downloadChunks.add({ downloadId: item.id, offset, data });
        await db.downloads.update(item.id, { receivedBytes: received, progress: progressPercent(received, item.totalBytes) });
      });
      onChange?.();
    };

    const reader = response.body?.getReader();
    if (!reader) {
      const whole = new Uint8Array(await response.arrayBuffer());
      pending.push(whole);
      pendingBytes = whole.byteLength;
      await persist();
      return received;
    }
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending.push(value);
        pendingBytes += value.byteLength;
        if (pendingBytes >= persistEveryBytes) await persist();
      }
    } catch {
      // The connection broke: what arrived is good (it matches the validator), so keep it.
      await persist();
      return 'stop';
    }
    await persist();
    return received;
  }

  async function complete(item: DownloadItem): Promise<void> {
    const file = await assemble(item.id);
    if (item.totalBytes !== null && file.size !== item.totalBytes) return fail(item);
    const problem = verify ? await verify(file, item) : null;
    if (problem) return fail(item, problem);
    await update(item.id, { status: 'completed', progress: 100 });
  }

  async function assemble(id: string): Promise<Blob> {
    const chunks = await db.downloadChunks.where('[downloadId+offset]').between([id, 0], [id, Infinity]).toArray();
    return new Blob(chunks.map((chunk) => chunk.data as Uint8Array<ArrayBuffer>), { type: 'application/octet-stream' });
  }

  /** Works through the queue, oldest first, until it is done or the network is gone. */
  const drain = oneDrainAtATime(() =>
    gate.run('downloads', async () => {
      while (!stopped) {
        const userId = gate.currentUserId();
        // Only the signed-in user's files: another user's wait for their owner's session.
        const next = await db.downloads
          .orderBy('createdAt')
          .filter((item) => isQueueItemActive(item) && isOwnedBy(item, userId))
          .first();
        if (!next || (await attempt(next)) === 'stop') return;
      }
    }),
  );

  return {
    enqueue,
    drain,
    list: () => db.downloads.orderBy('createdAt').toArray(),
    /** The finished file of a completed item. */
    async file(id: string): Promise<Blob> {
      const item = await db.downloads.get(id);
      if (item?.status !== 'completed') throw new Error(`Download ${id} is not complete.`);
      return assemble(id);
    },
    /**
     * The finished file of a completed item, removing the item and its bytes in the same IndexedDB transaction, so
     * of several open pages exactly one saves it; null when the item is not complete or another page took it.
     */
    async take(id: string): Promise<{ item: DownloadItem; file: Blob } | null> {
      const taken = await db.transaction('rw', db.downloads, db.downloadChunks, async () => {
        const item = await db.downloads.get(id);
        if (item?.status !== 'completed') return null;
        const file = await assemble(id);
        await dropBytes(id);
        await db.downloads.delete(id);
        return { item, file };
      });
      if (taken) onChange?.();
      return taken;
    },
    /** Drops an item and its bytes (saved, cancelled or failed). */
    async remove(id: string): Promise<void> {
      await db.transaction('rw', db.downloads, db.downloadChunks, async () => {
        await dropBytes(id);
        await db.downloads.delete(id);
      });
      onChange?.();
    },
    /** Takes no further item (page teardown): a drain running now ends after its current item. */
    stop(): void {
      stopped = true;
    },
    /** A failed item back in the queue, from zero. */
    async retry(id: string): Promise<void> {
      await update(id, { status: 'queued', error: undefined, receivedBytes: 0, progress: 1, etag: null });
    },
  };
}
