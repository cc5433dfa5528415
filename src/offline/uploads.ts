import { IDEMPOTENCY_HEADER } from '../shared/endpoints';
import { reachability } from '../lib/reachability';
import { getSession, type Session } from '../lib/session';
import { fullJitterDelay } from './backoff';
import { UPLOAD_ANSWER_MS, UPLOAD_STALL_MS } from './constants';
import { createOrderedClock, isOwnedBy, isQueueItemActive, ownerStamp, type OfflineDb, type UploadItem } from './db';
import { progressPercent } from './downloads';
import { oneDrainAtATime, type QueueGate } from './queue-gate';

export interface UploadParts {
  url: string;
  file: Blob;
  fileName: string;
  fileField: string;
  fields: Record<string, string>;
  headers: Record<string, string>;
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** Sends one multipart upload, reporting the bytes sent; rejects when no answer came (network). */
export type UploadTransport = (parts: UploadParts, onProgress: (loaded: number, total: number) => void) => Promise<UploadAnswer>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The browser transport: XMLHttpRequest, because fetch reports no upload progress. On a link that drops packets
 * without a reset (lie-fi) an upload would hang for good: it is given up when no byte has gone out for
 * UPLOAD_STALL_MS, or when the answer has not come UPLOAD_ANSWER_MS after the last byte, and then counts as a network
 * failure (retried with backoff, and when the server answers again).
 */
export const xhrTransport: UploadTransport = (parts, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const sentAt = Date.now();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const giveUpAfter = (ms: number) => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), ms);
    };
    xhr.open('POST', parts.url);
    for (const [name, value] of Object.entries(parts.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      giveUpAfter(UPLOAD_STALL_MS);
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = () => giveUpAfter(UPLOAD_ANSWER_MS);
    xhr.onload = () => {
      clearTimeout(stall);
      reachability.answered(sentAt);
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => {
      clearTimeout(stall);
      reachability.failed();
      reject(new TypeError('The upload got no answer.'));
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(parts.fields)) form.append(name, value);
    form.append(parts.fileField, parts.file, parts.fileName);
    giveUpAfter(UPLOAD_STALL_MS);
    xhr.send(form);
  });

export interface UploadRequest {
  url: string;
  file: Blob;
  fileName: string;
  /** Defaults to `file` (spec §7: the import's multipart field). */
  fileField?: string;
  fields?: Record<string, string>;
}

export interface UploadManagerOptions {
  db: OfflineDb;
  gate: QueueGate;
  transport?: UploadTransport;
  readSession?: () => Session | null;
  now?: () => number;
  random?: () => number;
  /** Arms the backoff retry; returns its cancel function. Tests pass their own to control time. */
  setTimer?: (run: () => void, ms: number) => () => void;
  /** Called after every stored change, for views that show the queue. */
  onChange?: () => void;
}

const realTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms);
  return () => clearTimeout(handle);
};

/** Answers that may succeed later; every other 4xx is final for the item. */
const RETRYABLE_CLIENT_STATUSES = [401, 408, 429];

/** The server's message, if it sent one; the view words a failure without one itself (it knows what was uploaded). */
function answerMessage(body: unknown): string | undefined {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

export type UploadManager = ReturnType<typeof createUploadManager>;

/**
 * The upload queue: the file Blob is stored with the item, so an upload survives a reload. Failures that may pass
 * (network, 5xx, 408, 429) retry with full-jitter exponential backoff; each item keeps one Idempotency-Key for all its
 * attempts, so an upload whose answer was lost is not imported twice.
 */
export function createUploadManager(options: UploadManagerOptions) {
  const { db, gate, transport = xhrTransport, readSession = getSession, now = Date.now, random = Math.random, setTimer = realTimer, onChange } = options;
  let cancelRetry: (() => void) | null = null;
  let stopped = false;
  const creationTime = createOrderedClock(now);

  async function update(id: string, changes: Partial<UploadItem>): Promise<void> {
    await db.uploads.update(id, changes);
    onChange?.();
  }

  async function enqueue(request: UploadRequest): Promise<UploadItem> {
    const item: UploadItem = {
      id: crypto.randomUUID(),
      url: request.url,
      file: request.file,
      fileName: request.fileName,
      fileField: request.fileField ?? 'file',
      fields: request.fields ?? {},
      idempotencyKey: crypto.randomUUID(),
      attempts: 0,
      nextAttemptAt: now(),
      status: 'queued',
      progress: 1,
      createdAt: creationTime(),
      ...ownerStamp(gate.currentUserId()),
    };
    await db.uploads.add(item);
    onChange?.();
    return item;
  }

  async function postpone(item: UploadItem): Promise<void> {
    const attempts = item.attempts + 1;
    await update(item.id, { status: 'queued', attempts, nextAttemptAt: now() + fullJitterDelay(attempts, { random }) });
  }

  /** One attempt; true to go on with the next due item, false to stop until a trigger or the retry timer. */
  async function attempt(item: UploadItem): Promise<boolean> {
    const token = readSession()?.token;
    await update(item.id, { status: 'uploading' });
    let lastPercent = item.progress;
    const onProgress = (loaded: number, total: number) => {
      const percent = progressPercent(loaded, total);
      if (percent === lastPercent) return;
      lastPercent = percent;
      void update(item.id, { progress: percent });
    };
    let answer: UploadAnswer;
    try {
      const headers = { [IDEMPOTENCY_HEADER]: item.idempotencyKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      answer = await transport({ ...item, headers }, onProgress);
    } catch {
      await postpone(item);
      return false;
    }
    if (answer.status >= 200 && answer.status < 300) {
      await update(item.id, { status: 'completed', progress: 100, response: answer.body, error: undefined });
      return true;
    }
    if (answer.status === 401) {
      // Renew (or pause for a sign-in), then retry on the backoff timer: a server that keeps answering 401 is not hammered.
      await gate.renewAfterUnauthorized(token);
      await postpone(item);
      return false;
    }
    if (answer.status >= 400 && answer.status < 500 && !RETRYABLE_CLIENT_STATUSES.includes(answer.status)) {
      await update(item.id, { status: 'failed', error: answerMessage(answer.body) });
      return true;
    }
    await postpone(item);
    return false;
  }

  function stopRetry(): void {
    cancelRetry?.();
    cancelRetry = null;
  }

  /** The signed-in user's unfinished uploads; another user's wait for their owner's session. */
  const waiting = () => {
    const userId = gate.currentUserId();
    return db.uploads.orderBy('createdAt').filter((item) => isQueueItemActive(item) && isOwnedBy(item, userId));
  };

  /** Arms one timer for the earliest postponed item, so backoff retries happen without a trigger. */
  async function scheduleRetry(): Promise<void> {
    stopRetry();
    const items = await waiting().toArray();
    if (items.length === 0) return;
    const dueAt = Math.min(...items.map((item) => item.nextAttemptAt));
    cancelRetry = setTimer(() => void drain(), Math.max(0, dueAt - now()));
  }

  const drain = oneDrainAtATime(async () => {
    const outcome = await gate.run('uploads', async () => {
      while (!stopped) {
        const due = await waiting()
          .filter((item) => item.nextAttemptAt <= now())
          .first();
        if (!due || !(await attempt(due))) return;
      }
    });
    if (outcome === 'drained' && !stopped) await scheduleRetry();
    return outcome;
  });

  return {
    enqueue,
    drain,
    /**
     * A resume trigger (back online, visible again, awake, signed in): conditions changed, so the items waiting out a
     * backoff are tried at once rather than up to a minute later.
     */
    async resume(): Promise<unknown> {
      await waiting().modify({ nextAttemptAt: now() });
      return drain();
    },
    list: () => db.uploads.orderBy('createdAt').toArray(),
    async remove(id: string): Promise<void> {
      await db.uploads.delete(id);
      onChange?.();
    },
    /**
     * Removes a finished (completed or failed) item and returns it, or null when it is not finished or another tab
     * took it first: one IndexedDB transaction, so exactly one page reports each answer.
     */
    async take(id: string): Promise<UploadItem | null> {
      const taken = await db.transaction('rw', db.uploads, async () => {
        const item = await db.uploads.get(id);
        if (item?.status !== 'completed' && item?.status !== 'failed') return null;
        await db.uploads.delete(id);
        return item;
      });
      if (taken) onChange?.();
      return taken;
    },
    /** Stops the retry timer and takes no further item (page teardown): a drain running now ends after its current item. */
    stop(): void {
      stopped = true;
      stopRetry();
    },
  };
}
