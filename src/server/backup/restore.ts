import { chmod, copyFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE } from '../db/database';
import { filesDirOf, type DataLocation } from './backup';
import { BackupError } from './backupError';
import { copyFilesIn, emptyFolders, prepareEmptyFolder, type NamedFolder } from './folders';
import { pathIn, verifiedManifest, type BackupManifest } from './manifest';
import { ensureEmptyPostgres, restorePostgres } from './postgresDump';
import type { RowCounts } from './rowCounts';
import { OWNER_ONLY, sqliteFileRowCounts } from './sqliteCopy';

function dialectMismatch(manifest: BackupManifest, backupDir: string): string {
  return manifest.dialect === 'sqlite'
    ? `${backupDir} holds a SQLite backup: unset DATABASE_URL to restore it into DATA_DIR.`
    : `${backupDir} holds a PostgreSQL backup (pg_dump): set DATABASE_URL to a new, empty PostgreSQL database to restore it.`;
}

/** The folders a restore writes into, each of which must be new or empty. */
function targetFolders(location: DataLocation): NamedFolder[] {
  const filesDir = resolve(filesDirOf(location));
  const folders: NamedFolder[] = location.databaseUrl ? [] : [{ path: resolve(location.dataDir), role: 'DATA_DIR' }];
  if (!folders.some((folder) => folder.path === filesDir)) folders.push({ path: filesDir, role: location.artifactsDir ? 'ARTIFACTS_DIR' : 'DATA_DIR' });
  return folders;
}

/**
 * Restores the backup in `from` into an empty DATA_DIR (and ARTIFACTS_DIR), or on PostgreSQL into the empty database
 * of DATABASE_URL. Every file is checked against the manifest before anything is written, and the restored database
 * against the manifest's counts after; a failed restore leaves the folders empty again.
 */
export async function restoreBackup(location: DataLocation, from: string): Promise<BackupManifest> {
  const backupDir = resolve(from);
  const manifest = await verifiedManifest(backupDir);
  if (manifest.dialect !== (location.databaseUrl ? 'postgres' : 'sqlite')) throw new BackupError(dialectMismatch(manifest, backupDir));
  const folders = targetFolders(location);
  if (location.databaseUrl) await ensureEmptyPostgres(location.databaseUrl);
  for (const folder of folders) await prepareEmptyFolder(folder);
  try {
    const copy = pathIn(backupDir, manifest.database);
    let rows: RowCounts;
    if (location.databaseUrl) {
      rows = await restorePostgres(location.databaseUrl, copy);
    } else {
      const file = join(location.dataDir, DATABASE_FILE);
      await copyFile(copy, file, constants.COPYFILE_EXCL);
      await chmod(file, OWNER_ONLY);
      rows = sqliteFileRowCounts(file);
    }
    if (rows.runs !== manifest.counts.runs || rows.stepResults !== manifest.counts.stepResults) {
      throw new BackupError(
        `The restored database holds ${rows.runs} runs and ${rows.stepResults} step results; the manifest lists ${manifest.counts.runs} and ${manifest.counts.stepResults}.`,
      );
    }
    await copyFilesIn(backupDir, manifest.files, filesDirOf(location));
    return manifest;
  } catch (error) {
    await emptyFolders(folders.map((folder) => folder.path));
    throw error;
  }
}
