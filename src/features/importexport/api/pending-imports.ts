import { queryOptions } from '@tanstack/react-query';
import type { OfflineDb, PendingImport } from '../../../offline/db';
import { offlineKeys } from '../../../offline/offline-keys';
import { isImportProcess, type ImportProcess, type PendingImportUpdateResponse, type StatusProcess } from '../../../shared/contracts/importexport';

/** The pending imports of a getStatus answer (IMPORT processes stay pending until done, spec part 1 §4). */
export function pendingImportsOf(processes: readonly ImportProcess[]): PendingImport[] {
  return processes
    .filter((process) => process.status === 'PENDING')
    .map((process) => ({
      id: process.id,
      importId: process.importId,
      name: process.name,
      statusId: process.statusId,
      action: 'UPDATE',
      message: process.message,
      importDataRequired: process.importDataRequired,
      dataUpdated: [],
    }));
}

/** Keeps the Dexie copy equal to the server's list, so the panel still lists them after an offline reload. */
export async function mirrorPendingImports(db: OfflineDb, pending: readonly PendingImport[]): Promise<void> {
  await db.transaction('rw', db.pendingImports, async () => {
    await db.pendingImports.clear();
    await db.pendingImports.bulkPut([...pending]);
  });
}

/** The Dexie copy, read while getStatus has not answered (offline); IndexedDB needs no network. */
export const mirroredPendingImportsQuery = (db: OfflineDb) =>
  queryOptions({
    queryKey: offlineKeys.pendingImports(),
    queryFn: () => db.pendingImports.toArray(),
    networkMode: 'always',
  });

/**
 * The getStatus list as a PUT's answer left it, until the next poll confirms: the import completed (spec part 1 §4: it
 * leaves the pending list), or it still misses what the answer names.
 */
export function afterPendingUpdate(processes: readonly StatusProcess[], importId: string, answer: PendingImportUpdateResponse['data']): StatusProcess[] {
  return processes.map((process) => {
    if (!isImportProcess(process) || process.importId !== importId) return process;
    return answer.importComplete
      ? { ...process, status: 'COMPLETED', collectionId: answer.collectionId, importDataRequired: [], message: answer.importMessage }
      : { ...process, importDataRequired: answer.importDataRequired, message: answer.importMessage };
  });
}
