import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import { LAST_IMPORT_STATUS_IDS_KEPT } from '../shared/constants';
import type { ImportDataRequiredItem } from '../shared/contracts/importexport';

export type DownloadStatus = 'queued' | 'downloading' | 'completed' | 'failed';

/** One file of the export/download queue. Its bytes live in `downloadChunks`, so a write never copies what is stored. */
export interface DownloadItem {
  id: string;
  url: string;
  fileName: string;
  /** What the messages name (the collection's name). */
  label: string;
  /** The validator sent back as If-Range; null until the first answer. */
  etag: string | null;
  totalBytes: number | null;
  receivedBytes: number;
  /** 1..100 (spec §9). */
  progress: number;
  status: DownloadStatus;
  error?: string;
  createdAt: number;
  /** Who queued it (see QueueOwner). */
  userId?: string;
}

export interface DownloadChunk {
  downloadId: string;
  /** Byte offset of `data` in the file. */
  offset: number;
  data: Uint8Array;
}

export type UploadStatus = 'queued' | 'uploading' | 'completed' | 'failed';

export interface UploadItem {
  id: string;
  url: string;
  file: Blob;
  fileName: string;
  /** The file's multipart field name and any other form fields. */
  fileField: string;
  fields: Record<string, string>;
  /** Generated when queued and sent on every attempt, so a retried upload is imported once. */
  idempotencyKey: string;
  attempts: number;
  nextAttemptAt: number;
  status: UploadStatus;
  progress: number;
  /** The server's parsed answer once completed (for imports: importComplete, statusId, importMessage). */
  response?: unknown;
  error?: string;
  createdAt: number;
  /** Who queued it (see QueueOwner). */
  userId?: string;
}

/** A pending collection import (spec §3): the references the import could not resolve, kept so the list shows offline. */
export interface PendingImport {
  id: string;
  importId: string;
  name: string;
  statusId: string;
  action: string;
  /** What the server says is missing (getStatus's message). */
  message: string;
  importDataRequired: ImportDataRequiredItem[];
  dataUpdated: { id: string; data: string }[];
}

export interface StatusIdEntry {
  statusId: string;
  createdAt: number;
}

/** sending: a request is out; after a reload such an entry is simply sent again, under the same key. */
export type OutboxState = 'pending' | 'sending';

export interface OutboxEntry {
  /** Auto-increment: the replay order. */
  seq?: number;
  id: string;
  mutationKey: readonly string[];
  /** The replay order it belongs to: entries of one scope replay one at a time, in order. */
  scope: string;
  /** The record it changes, which the UI marks 'saved offline, will sync' (usually the scope itself). */
  record: string;
  /** The record as people name it, for the message when the server refuses the change. */
  label: string;
  /** The user who made the change: only their session replays it. */
  userId: string;
  variables: unknown;
  idempotencyKey: string;
  createdAt: number;
  attempts: number;
  state: OutboxState;
}

/** A change the server refused on replay: kept, with the server's message, until the user discards it. */
export interface RefusedChange {
  /** The outbox entry's id. */
  id: string;
  userId: string;
  mutationKey: readonly string[];
  record: string;
  label: string;
  variables: unknown;
  status: number;
  message: string;
  refusedAt: number;
}

/**
 * Whether queued work belongs to `userId` (null: nobody is signed in). Uploads and downloads queued without a session,
 * or before owners were stamped, have no owner: they go with whoever is there, as they did before.
 */
export function isOwnedBy(item: { userId?: string }, userId: string | null): boolean {
  return item.userId === undefined || item.userId === userId;
}

/** The owner to stamp on work queued now: the signed-in user, or none when nobody is (see isOwnedBy). */
export function ownerStamp(userId: string | null): { userId?: string } {
  return userId === null ? {} : { userId };
}

/** The statuses of items still to be sent or received (queued or moving); finished ones are completed or failed. */
export const ACTIVE_QUEUE_STATUSES: readonly string[] = ['queued', 'downloading', 'uploading'] satisfies (UploadStatus | DownloadStatus)[];

/** Whether an upload or download is still to be sent or received (see ACTIVE_QUEUE_STATUSES). */
export function isQueueItemActive(item: { status: string }): boolean {
  return ACTIVE_QUEUE_STATUSES.includes(item.status);
}

export type OfflineDb = Dexie & {
  downloads: EntityTable<DownloadItem, 'id'>;
  downloadChunks: Table<DownloadChunk, [string, number]>;
  uploads: EntityTable<UploadItem, 'id'>;
  pendingImports: EntityTable<PendingImport, 'id'>;
  statusIds: EntityTable<StatusIdEntry, 'statusId'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  refusedChanges: EntityTable<RefusedChange, 'id'>;
};

export const OFFLINE_DB_NAME = 'studio-offline';

/** Opens the one offline database; tests pass their own IndexedDB factory (fake-indexeddb) and reopen it to play a reload. */
export function openOfflineDb(name = OFFLINE_DB_NAME, options?: DexieOptions): OfflineDb {
  const db = new Dexie(name, options) as OfflineDb;
  db.version(1).stores({
    downloads: 'id, status, createdAt',
    downloadChunks: '[downloadId+offset]',
    uploads: 'id, status, createdAt',
    pendingImports: 'id, importId',
    statusIds: 'statusId, createdAt',
    outbox: '++seq, &id, scope, state',
  });
  // Version 2: owner, record and label on outbox entries (no app code wrote entries before it), and refused changes.
  db.version(2).stores({
    outbox: '++seq, &id, scope, record, userId, state',
    refusedChanges: 'id, userId, refusedAt',
  });
  return db;
}

/** Creation times for queue order that never tie within a page, so two items queued in one millisecond keep their order. */
export function createOrderedClock(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return last;
  };
}

let appDb: OfflineDb | null = null;

/** The app's database, opened on first use so the sign-in page never loads Dexie. */
export function offlineDb(): OfflineDb {
  appDb ??= openOfflineDb();
  return appDb;
}

/** Records an import status id, keeping only the newest five (spec §4). */
export async function rememberStatusId(db: OfflineDb, statusId: string, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.statusIds, async () => {
    await db.statusIds.put({ statusId, createdAt: now });
    const stale = await db.statusIds.orderBy('createdAt').reverse().offset(LAST_IMPORT_STATUS_IDS_KEPT).primaryKeys();
    await db.statusIds.bulkDelete(stale);
  });
}

/** The kept status ids, newest first. */
export async function recentStatusIds(db: OfflineDb): Promise<string[]> {
  return (await db.statusIds.orderBy('createdAt').reverse().toArray()).map((entry) => entry.statusId);
}

interface PersistableStorage {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/**
 * Asks the browser not to evict the queues under storage pressure (called once, when the queues start). Browsers
 * without the API, or that refuse, still keep the data until pressure; the answer is informational.
 */
export async function requestPersistentStorage(storage: PersistableStorage | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
