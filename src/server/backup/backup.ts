import { rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DATABASE_FILE } from '../db/database';
import { BackupError } from './backupError';
import { copyFilesOut, emptyFolders, fileFolders, isWithin, prepareEmptyFolder } from './folders';
import { hashFile, MANIFEST_FILE, newManifest, POSTGRES_DUMP, SQLITE_COPY, type BackupManifest } from './manifest';
import { dumpPostgres } from './postgresDump';
import { backupSqlite, requireSqliteFile } from './sqliteCopy';

/** Where the server keeps its data (ServerOptions' dataDir, artifactsDir and databaseUrl). */
export interface DataLocation {
  dataDir: string;
  artifactsDir?: string | undefined;
  databaseUrl?: string | undefined;
}

export const filesDirOf = (location: DataLocation): string => location.artifactsDir ?? location.dataDir;

/**
 * Writes a consistent backup of a running (or stopped) server's data into the new or empty folder `to`: the database
 * first, then the files, and the manifest last. Every file a row of the copied database names was written before that
 * row, so it is in the copy; files written later are copied too, and do no harm.
 */
export async function takeBackup(location: DataLocation, to: string): Promise<BackupManifest> {
  const backupDir = resolve(to);
  const filesDir = filesDirOf(location);
  const copied = fileFolders(filesDir).find((folder) => isWithin(backupDir, folder));
  if (copied) throw new BackupError(`--to ${backupDir} lies inside ${copied}, which the backup copies: choose a folder outside it.`);
  const sqliteFile = join(location.dataDir, DATABASE_FILE);
  if (!location.databaseUrl) await requireSqliteFile(sqliteFile);
  await prepareEmptyFolder({ path: backupDir, role: '--to' });
  try {
    const database = location.databaseUrl ? POSTGRES_DUMP : SQLITE_COPY;
    const copy = join(backupDir, database);
    const rows = location.databaseUrl ? await dumpPostgres(location.databaseUrl, copy) : await backupSqlite(sqliteFile, copy);
    const databaseEntry = { path: database, ...(await hashFile(copy)) };
    const files = await copyFilesOut(filesDir, backupDir);
    const manifest = newManifest({
      dialect: location.databaseUrl ? 'postgres' : 'sqlite',
      database,
      counts: { ...rows, files: files.length },
      files: [databaseEntry, ...files],
    });
    const draft = join(backupDir, `.${MANIFEST_FILE}.partial`);
    await writeFile(draft, `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(draft, join(backupDir, MANIFEST_FILE));
    return manifest;
  } catch (error) {
    // The folder was empty: what is in it now is this backup's, half made.
    await emptyFolders([backupDir]);
    throw error;
  }
}
