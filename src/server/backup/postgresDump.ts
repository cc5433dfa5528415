import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { BackupError } from './backupError';
import { COUNT_ROWS_SQL, rowCountsOf, type RowCounts } from './rowCounts';

type PostgresProgram = 'pg_dump' | 'pg_restore';

/** The database's name and host for messages: never its password. */
function describe(url: URL): string {
  return `${decodeURIComponent(url.pathname.slice(1)) || '(default database)'} on ${url.host}`;
}

/**
 * The connection as pg_dump and pg_restore take it: the URL without its password, which goes in PGPASSWORD instead, so
 * it never shows in the process list.
 */
function programConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: `--dbname=${url.toString()}`, env: password === '' ? process.env : { ...process.env, PGPASSWORD: password } };
}

/** Runs a PostgreSQL client program (from PG_BIN when set, otherwise the PATH); its error output becomes the message. */
function runProgram(program: PostgresProgram, args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const bin = process.env.PG_BIN?.trim();
  const file = bin ? join(bin, program) : program;
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errorOutput = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errorOutput = (errorOutput + chunk).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      rejectRun(
        error.code === 'ENOENT'
          ? new BackupError(`${program} was not found (${file}): install PostgreSQL's client programs, of the server's version or newer (apt-get install postgresql-client), or set PG_BIN to the folder holding them.`)
          : new BackupError(`${program} could not start: ${error.message}`),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolveRun();
      else rejectRun(new BackupError(`${program} failed (exit code ${code ?? 'none'}): ${errorOutput.trim() || 'no message'}`));
    });
  });
}

async function connected(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection dropped mid-way fails the query under way; without a listener it would also crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(`Cannot connect to the database of DATABASE_URL (${describe(new URL(databaseUrl))}): ${(error as Error).message}`);
  }
  return client;
}

/**
 * Dumps the database in pg_dump's custom format to `target`. The counts are read in a transaction whose snapshot
 * pg_dump then uses (--snapshot), so they describe exactly the rows dumped while the server goes on writing.
 */
export async function dumpPostgres(databaseUrl: string, target: string): Promise<RowCounts> {
  const client = await connected(databaseUrl);
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id ?? '';
    const counts = rowCountsOf((await client.query(COUNT_ROWS_SQL)).rows[0]);
    const { dbname, env } = programConnection(databaseUrl);
    await runProgram('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, dbname], env);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** Refuses a database that holds any table: a restore never mixes into existing data. */
export async function ensureEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = await connected(databaseUrl);
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const tables = Number(rows[0]?.tables ?? 0);
    if (tables > 0) {
      const name = describe(new URL(databaseUrl));
      throw new BackupError(`The database of DATABASE_URL (${name}) is not empty (${tables} tables): restore only into a new, empty database (createdb), so that nothing is overwritten.`);
    }
  } finally {
    await client.end();
  }
}

/** Restores a custom-format dump into the (empty) database, all or nothing, owned by DATABASE_URL's user. */
export async function restorePostgres(databaseUrl: string, dump: string): Promise<RowCounts> {
  const { dbname, env } = programConnection(databaseUrl);
  await runProgram('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dbname, dump], env);
  const client = await connected(databaseUrl);
  try {
    return rowCountsOf((await client.query(COUNT_ROWS_SQL)).rows[0]);
  } finally {
    await client.end();
  }
}
