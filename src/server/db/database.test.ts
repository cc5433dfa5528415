import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseTarget, testDialect } from '../testing/testDatabase';
import { openDatabase, type OpenedDatabase } from './database';
import { isForeignKeyViolation, isPrimaryKeyViolation, isUniqueViolation } from './dialect';
import { migrationProvider } from './migrations';

describe(`openDatabase (${testDialect})`, () => {
  let dir: string;
  let opened: OpenedDatabase | undefined;
  const open = async () => {
    opened = await openDatabase(await testDatabaseTarget(dir));
    return opened;
  };
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(testDialect === 'postgres')('opens every PostgreSQL connection without parallel workers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db } = await open();
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(db)),
    );
    expect(settings.map(({ rows }) => rows[0]?.max_parallel_workers_per_gather)).toEqual(['0', '0', '0']);
  });

  it('creates every table, and reopens without re-migrating', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const first = await open();
    const tables = (await first.db.introspection.getTables()).map((table) => table.name);
    // Each migration adds its tables; checking containment keeps this test from listing every area's tables.
    expect(tables).toEqual(
      expect.arrayContaining([
        'collection_attachments',
        'collection_exports',
        'collection_labels',
        'collections',
        'failure_labels',
        'idempotency_keys',
        'image_filters',
        'organizations',
        'refresh_tokens',
        'resources',
        'run_logs',
        'runs',
        'service_heartbeats',
        'step_results',
        'tags',
        'users',
        'import_processes',
      ]),
    );
    await first.close();

    const again = await open();
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(again.db)).rows;
    const expected = Object.keys(await migrationProvider.getMigrations()).sort().map((name) => ({ name }));
    expect(migrations).toEqual(expected);
  });

  it.runIf(testDialect === 'sqlite')('keeps the SQLite file in WAL mode with foreign keys on', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db } = await open();
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe('wal');
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
  });

  it('enforces foreign keys, and tells a taken primary key from a taken unique value', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db } = await open();
    const now = new Date().toISOString();
    const user = {
      id: 'u1',
      user_id: 'a@b.c',
      password_hash: 'x',
      first_name: '',
      last_name: '',
      org_id: 'missing-org',
      role_name: '',
      role_description: '',
      features: '[]',
      groups: '[]',
      created_at: now,
      updated_at: now,
    };
    const orphan: unknown = await db.insertInto('users').values(user).execute().catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(orphan)).toBe(true);

    await db.insertInto('organizations').values({ id: 'org-1', name: 'Org', license_type: 'RTA', created_at: now }).execute();
    await db.insertInto('users').values({ ...user, org_id: 'org-1' }).execute();
    const sameId: unknown = await db.insertInto('users').values({ ...user, org_id: 'org-1', user_id: 'other@b.c' }).execute().catch((caught: unknown) => caught);
    expect([isPrimaryKeyViolation(sameId), isUniqueViolation(sameId)]).toEqual([true, false]);
    const sameEmail: unknown = await db.insertInto('users').values({ ...user, org_id: 'org-1', id: 'u2' }).execute().catch((caught: unknown) => caught);
    expect([isPrimaryKeyViolation(sameEmail), isUniqueViolation(sameEmail)]).toEqual([false, true]);
  });

  it('counts writes that changed rows, not reads, writes that failed nor writes that matched nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db, writeGeneration } = await open();
    const start = writeGeneration();
    await db.selectFrom('image_filters').selectAll().execute();
    expect(writeGeneration()).toBe(start);
    const row = { id: 'filter-1', type: 'platform', name: 'Android', created_at: '2026-01-01', updated_at: '2026-01-01' };
    await db.insertInto('image_filters').values(row).execute();
    expect(writeGeneration()).toBe(start + 1);
    await expect(db.insertInto('image_filters').values(row).execute()).rejects.toThrow();
    expect(writeGeneration()).toBe(start + 1);
    await db.updateTable('image_filters').set({ name: 'iOS' }).where('id', '=', 'filter-1').execute();
    expect(writeGeneration()).toBe(start + 2);
    await db.updateTable('image_filters').set({ name: 'iOS' }).where('id', '=', 'no-such-filter').execute();
    expect(writeGeneration()).toBe(start + 2);
  });
});
