import { z } from 'zod';
import {
  IMPORT_PROCESS_TYPE,
  IMPORT_STATUSES,
  importDataRequiredItemSchema,
  type ImportDataRequiredItem,
  type ImportProcess,
  type ImportStatus,
} from '../../shared/contracts/importexport';
import type { Db } from '../db/database';
import type { ImportProcessesTable } from '../db/schema-importexport';

/** Finished processes stay listed this long, so the sidebar can show what just completed. */
export const RECENT_PROCESS_MS = 24 * 60 * 60 * 1000;
export const RECENT_PROCESS_LIMIT = 20;

const requiredItemsSchema = z.array(importDataRequiredItemSchema);
const dataUpdatedSchema = z.record(z.string(), z.string());

function toStatus(value: string): ImportStatus {
  const status = IMPORT_STATUSES.find((known) => known === value);
  if (!status) throw new Error(`Unknown import status ${value}`);
  return status;
}

export function requiredItemsOf(row: ImportProcessesTable): ImportDataRequiredItem[] {
  return requiredItemsSchema.parse(JSON.parse(row.import_data_required));
}

export function dataUpdatedOf(row: ImportProcessesTable): Record<string, string> {
  return dataUpdatedSchema.parse(JSON.parse(row.data_updated));
}

export function toImportProcess(row: ImportProcessesTable): ImportProcess {
  return {
    id: row.id,
    importId: row.id,
    statusId: row.id,
    processType: IMPORT_PROCESS_TYPE,
    status: toStatus(row.status),
    name: row.name,
    importDataRequired: requiredItemsOf(row),
    collectionId: row.collection_id,
    message: row.message,
    createdDate: row.created_at,
    updatedDate: row.updated_at,
  };
}

export async function insertImportProcess(db: Db, row: ImportProcessesTable): Promise<void> {
  await db.insertInto('import_processes').values(row).execute();
}

/** The caller's own process (the uploader's); another user's is not found. */
export function findImportProcess(db: Db, id: string, userId: string): Promise<ImportProcessesTable | undefined> {
  return db.selectFrom('import_processes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function updateImportProcess(db: Db, id: string, changes: Partial<Omit<ImportProcessesTable, 'id'>>): Promise<void> {
  await db
    .updateTable('import_processes')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Every pending import of the user, then up to RECENT_PROCESS_LIMIT finished in the last day; newest first. */
export async function listImportProcesses(db: Db, userId: string, now = Date.now()): Promise<ImportProcess[]> {
  const since = new Date(now - RECENT_PROCESS_MS).toISOString();
  const ofUser = db.selectFrom('import_processes').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc');
  const pending = await ofUser.where('status', '=', 'PENDING').execute();
  const finished = await ofUser.where('status', '!=', 'PENDING').where('updated_at', '>=', since).limit(RECENT_PROCESS_LIMIT).execute();
  return [...pending, ...finished].map(toImportProcess);
}
