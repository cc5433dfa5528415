import { createHash } from 'node:crypto';
import pg from 'pg';
import { databaseTargetOf, type DatabaseTarget } from '../db/database';
import type { DialectName } from '../db/dialect';

/**
 * The server tests run once on SQLite and once on PostgreSQL (`npm run test:server:pg`): the latter sets this to a
 * throwaway cluster's URL (tests/support/with-postgres.ts).
 */
const postgresAdminUrl = process.env.STUDIO_TEST_POSTGRES_URL?.trim() || undefined;

export const testDialect: DialectName = postgresAdminUrl ? 'postgres' : 'sqlite';

const created = new Set<string>();
const PG_DUPLICATE_DATABASE = '42P04';

/**
 * The database of a test server keyed by its data folder: the SQLite file in it, or a PostgreSQL database named after
 * the folder, made on first use, so a server restarted on the same folder finds its data as it would with SQLite.
 */
export async function testDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (!postgresAdminUrl) return undefined;
  const name = `studio_${createHash('sha256').update(dataDir).digest('hex').slice(0, 24)}`;
  if (!created.has(name)) {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError && error.code === PG_DUPLICATE_DATABASE)) throw error;
    } finally {
      await admin.end();
    }
    created.add(name);
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function testDatabaseTarget(dataDir: string): Promise<DatabaseTarget> {
  return databaseTargetOf({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
}
