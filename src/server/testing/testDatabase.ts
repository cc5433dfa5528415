import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DATABASE_FILE, databaseTargetOf, openDatabase, type DatabaseTarget } from '../db/database';
import type { DialectName } from '../db/dialect';

/**
 * The server tests run once on SQLite and once on PostgreSQL (`npm run test:server:pg`): the latter sets this to a
 * throwaway cluster's URL (tests/support/with-postgres.ts).
 */
const postgresAdminUrl = process.env.STUDIO_TEST_POSTGRES_URL?.trim() || undefined;

export const testDialect: DialectName = postgresAdminUrl ? 'postgres' : 'sqlite';

const created = new Set<string>();
const PG_DUPLICATE_DATABASE = '42P04';
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../db/migrations');

/**
 * Names the migrations as they are now (their source text), so a template made before a migration changed is never
 * used after it.
 */
function migrationsStamp(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => !name.includes('.test.')).sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function withPostgresAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const isDuplicateDatabase = (error: unknown) => error instanceof pg.DatabaseError && error.code === PG_DUPLICATE_DATABASE;

function postgresUrlOf(name: string): string {
  const url = new URL(postgresAdminUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database migrated once and copied for every test server, instead of running every migration for each one (the
 * migrations themselves are run for real on the template, and by db/database.test.ts on an empty database). Made under
 * a temporary name and then renamed, so test files running side by side never see half a template; two workers making
 * it at once make the same thing, and the second rename loses harmlessly.
 */
let sqliteTemplate: string | undefined;
async function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= join(tmpdir(), `studio-test-template-${migrationsStamp()}.sqlite`);
  if (existsSync(sqliteTemplate)) return sqliteTemplate;
  const draftDir = join(tmpdir(), `studio-test-template-draft-${randomBytes(6).toString('hex')}`);
  const draft = await openDatabase({ file: join(draftDir, DATABASE_FILE) });
  // Closing checkpoints the write-ahead log into the file, which then holds everything on its own.
  await draft.close();
  renameSync(join(draftDir, DATABASE_FILE), sqliteTemplate);
  rmSync(draftDir, { recursive: true, force: true });
  return sqliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `studio_template_${migrationsStamp()}`;
    const exists = await withPostgresAdmin(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
    if (exists) return name;
    const draft = `${name}_draft_${randomBytes(4).toString('hex')}`;
    await withPostgresAdmin((admin) => admin.query(`create database ${draft}`));
    const opened = await openDatabase({ url: postgresUrlOf(draft) });
    await opened.close();
    await withPostgresAdmin(async (admin) => {
      try {
        await admin.query(`alter database ${draft} rename to ${name}`);
      } catch (error) {
        if (!isDuplicateDatabase(error)) throw error;
        await admin.query(`drop database ${draft}`);
      }
    });
    return name;
  })();
  return postgresTemplate;
}

const postgresNameOf = (dataDir: string) => `studio_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;

async function createPostgresDatabase(name: string, template: string | undefined): Promise<void> {
  if (created.has(name)) return;
  await withPostgresAdmin(async (admin) => {
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    } catch (error) {
      if (!isDuplicateDatabase(error)) throw error;
    }
  });
  created.add(name);
}

/**
 * The database of a test server keyed by its data folder: the SQLite file in it, or a PostgreSQL database named after
 * the folder, made on first use, so a server restarted on the same folder finds its data as it would with SQLite. It
 * starts empty: the server that opens it migrates it.
 */
export async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!postgresAdminUrl) return undefined;
  const name = postgresNameOf(dataDir);
  await createPostgresDatabase(name, undefined);
  return postgresUrlOf(name);
}

/**
 * As testDatabaseUrl, but a database made here starts as a copy of the migrated template: what a test server opens
 * when the test is not about migrating. An existing database (a server restarted on its folder, a replica) is kept.
 */
export async function migratedTestDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!postgresAdminUrl) {
    const file = join(dataDir, DATABASE_FILE);
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      copyFileSync(await migratedSqliteTemplate(), file);
    }
    return undefined;
  }
  const name = postgresNameOf(dataDir);
  await createPostgresDatabase(name, await migratedPostgresTemplate());
  return postgresUrlOf(name);
}

export async function testDatabaseTarget(dataDir: string): Promise<DatabaseTarget> {
  return databaseTargetOf({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
}
