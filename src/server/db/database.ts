import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { WriteGenerationPlugin } from './writeGeneration';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  /** How many writes this process has made: it changes whenever something was written. */
  writeGeneration: () => number;
  /** The raw connection, for fault injection in tests and for closing. */
  sqlite: SqliteDatabase.Database;
}

/** Distinct statements kept prepared; the app issues a few hundred shapes of query, so this holds them all. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its prepared statements kept: Kysely prepares every query anew, and preparing
 * cost as much as running on the polled endpoints. Kysely runs one query at a time on SQLite (its connection mutex) and
 * finishes each before the next, so a statement is never in use twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Map order is insertion order: moving a hit to the end makes the first key the least recently used.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
      }
      statements.set(sql, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}

export async function openDatabase(file: string): Promise<OpenedDatabase> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Concurrent writers from another process (a second server, a CLI) wait instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  const writes = new WriteGenerationPlugin();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [writes] });
  await migrate(db);
  return { db, sqlite, writeGeneration: () => writes.generation() };
}

async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** better-sqlite3 errors carry SQLite's extended result code, e.g. SQLITE_CONSTRAINT_UNIQUE. */
export function hasSqliteCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof SqliteDatabase.SqliteError && codes.includes(error.code);
}
