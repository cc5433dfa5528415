import { chmod, stat } from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { BackupError } from './backupError';
import { COUNT_ROWS_SQL, rowCountsOf, type RowCounts } from './rowCounts';

/**
 * Pages copied per step of the online backup: all of them. SQLite restarts a stepwise backup whenever another
 * connection (the running server) writes between two steps, so on a busy server small steps may never finish; one
 * step reads a single snapshot under a read lock, and in WAL mode the server goes on writing meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

/** The file holds password hashes and the signing key: the copy is its owner's only, as the original is. */
export const OWNER_ONLY = 0o600;

/** Refuses a DATA_DIR without the server's SQLite file before anything is written. */
export async function requireSqliteFile(file: string): Promise<void> {
  if (!(await stat(file).catch(() => null))?.isFile()) {
    throw new BackupError(`No database at ${file}: set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL).`);
  }
}

/** Copies the live SQLite database `source` to `target` through SQLite's online backup API; answers the copy's counts. */
export async function backupSqlite(source: string, target: string): Promise<RowCounts> {
  const sqlite = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // The server may hold the write lock for a moment; wait as it does rather than fail.
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  await chmod(target, OWNER_ONLY);
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    // The copy is one self-contained file: no write-ahead log beside it (the server turns WAL on again at start).
    copy.pragma('journal_mode = DELETE');
    return sqliteRowCounts(copy);
  } finally {
    copy.close();
  }
}

export function sqliteRowCounts(sqlite: SqliteDatabase.Database): RowCounts {
  return rowCountsOf(sqlite.prepare(COUNT_ROWS_SQL).get());
}

/** The counts of the SQLite file `file`, opened read-only. */
export function sqliteFileRowCounts(file: string): RowCounts {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return sqliteRowCounts(sqlite);
  } finally {
    sqlite.close();
  }
}
