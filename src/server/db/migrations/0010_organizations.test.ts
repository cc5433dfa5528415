import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../schema';
import { migrationProvider } from './index';

describe('migration 0010_organizations on an existing database', () => {
  let db: Kysely<Database> | undefined;
  afterEach(async () => db?.destroy());

  it("makes the oldest user's organization the platform's and numbers the others in creation order", async () => {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0009_shared_state')).error).toBeUndefined();
    const org = (id: string, at: string) => ({ id, name: `Org ${id}`, license_type: 'RTA', created_at: at });
    await db.insertInto('organizations').values([org('b', '2024-02-01T00:00:00.000Z'), org('a', '2024-01-01T00:00:00.000Z'), org('c', '2024-03-01T00:00:00.000Z')]).execute();
    const user = (id: string, orgId: string, at: string) => ({
      id,
      user_id: `${id}@example.test`,
      password_hash: 'x',
      first_name: '',
      last_name: '',
      org_id: orgId,
      role_name: '',
      role_description: '',
      features: '[]',
      groups: '[]',
      created_at: at,
      updated_at: at,
    });
    await db.insertInto('users').values([user('u2', 'c', '2024-03-02T00:00:00.000Z'), user('u1', 'b', '2024-02-02T00:00:00.000Z')]).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('organizations').select(['id', 'is_platform', 'detail_number', 'license_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', is_platform: 0, detail_number: 1, license_id: null },
      { id: 'b', is_platform: 1, detail_number: 2, license_id: null },
      { id: 'c', is_platform: 0, detail_number: 3, license_id: null },
    ]);
    expect((await db.selectFrom('users').select('active').execute()).map((row) => row.active)).toEqual([1, 1]);
  });
});
