import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { WriteGenerationPlugin } from './writeGeneration';
import { log } from '../logs/logger';

export type Db = Kysely<Database>;

/** Where the data lives: a SQLite file (the embedded default) or a PostgreSQL server (`DATABASE_URL`). */
export type DatabaseTarget = { file: string } | { url: string };

/** The SQLite file under DATA_DIR. */
export const DATABASE_FILE = 'studio.sqlite';

export function databaseTargetOf({ databaseUrl, dataDir }: { databaseUrl?: string | undefined; dataDir: string }): DatabaseTarget {
  return databaseUrl ? { url: databaseUrl } : { file: join(dataDir, DATABASE_FILE) };
}

export interface OpenedDatabase {
  db: Db;
  dialect: DialectName;
  /** How many writes this process has made: it changes whenever something was written. */
  writeGeneration: () => number;
  /**
   * PostgreSQL: a connection of its own, outside the pool, for a session that must outlive any query (an advisory
   * lock); the caller destroys it. Undefined on SQLite.
   */
  separateConnection?: () => Kysely<unknown>;
  /** Makes every connection refuse (or again accept) writes: fault injection for the health probes. */
  refuseWrites: (refuse: boolean) => Promise<void>;
  /** Closes the connections; queries made afterwards fail. */
  close: () => Promise<void>;
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

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  const opened = 'url' in target ? openPostgres(target.url) : openSqlite(target.file);
  await migrate(opened.db);
  return opened;
}

function openSqlite(file: string): OpenedDatabase {
  mkdirSync(dirname(file), { recursive: true });
  // Password hashes and the signing key live in it: a new file is its owner's only (SQLite gives its -wal the same mode).
  closeSync(openSync(file, 'a', 0o600));
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Concurrent writers from another process (a second server, a CLI) wait instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  const writes = new WriteGenerationPlugin();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [writes] });
  return {
    db,
    dialect: 'sqlite',
    writeGeneration: () => writes.generation(),
    refuseWrites: (refuse) => {
      sqlite.pragma(`query_only = ${refuse ? 'ON' : 'OFF'}`);
      return Promise.resolve();
    },
    close: () => db.destroy(),
  };
}

/** Connections each server process keeps open to PostgreSQL; several replicas share the server's limit (100 by default). */
const POSTGRES_POOL_SIZE = 10;

/** PostgreSQL's type ids for bigint (counts, epoch milliseconds) and numeric: read as JS numbers, as SQLite gives them. */
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const postgresTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') => {
    if (id === PG_INT8 || id === PG_NUMERIC) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(id, 'binary') : pg.types.getTypeParser(id, 'text');
  },
};

/**
 * Session settings of every connection. No parallel workers: the app's questions are short, and starting workers cost
 * more than they saved. On a 2-CPU machine the Flaky flows view's two heaviest queries took 99 and 111 ms with the
 * default 2 workers and 43 and 30 ms with none (tests/bench/flaky-view.ts's data, issue 29); several replicas' workers
 * would also compete for the same CPUs.
 */
const POSTGRES_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: postgresTypes, options: POSTGRES_SESSION_OPTIONS });
  // An idle connection the server drops (a restart, a failover) must not crash the process: the pool replaces it.
  pool.on('error', (error) => log().error({ error: error.message }, 'PostgreSQL connection lost'));
  // A connection in use that drops emits 'error' with no listener of the pool's: without one, the process would crash.
  // The query under way fails with the same error, and its caller handles that.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

function openPostgres(url: string): OpenedDatabase {
  const pool = postgresPool(url, POSTGRES_POOL_SIZE);
  const writes = new WriteGenerationPlugin();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  return {
    db,
    dialect: 'postgres',
    separateConnection: () => new Kysely<unknown>({ dialect: new PostgresDialect({ pool: postgresPool(url, 1) }) }),
    writeGeneration: () => writes.generation(),
    async refuseWrites(refuse) {
      // A session setting: hold every connection of the pool at once so each one gets it.
      const clients = await Promise.all(Array.from({ length: POSTGRES_POOL_SIZE }, () => pool.connect()));
      try {
        await Promise.all(clients.map((client) => client.query(`set default_transaction_read_only = ${refuse ? 'on' : 'off'}`)));
      } finally {
        for (const client of clients) client.release();
      }
    },
    close: () => db.destroy(),
  };
}

async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one (Kysely cannot nest them). A
 * change that opens its own transaction then commits together with what its caller writes beside it (the audit row).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
