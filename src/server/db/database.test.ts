import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasSqliteCode, openDatabase } from './database';
import { migrationProvider } from './migrations';

describe('openDatabase', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the file with WAL, foreign keys and every table, and reopens without re-migrating', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const file = join(dir, 'nested', 'studio.sqlite');
    const first = await openDatabase(file);
    expect(first.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = (
      first.sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'kysely%' order by name").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    // Each migration adds its tables; checking containment keeps this test from listing every area's tables.
    expect(tables).toEqual(expect.arrayContaining([
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
      'sqlite_sequence',
      'step_results',
      'tags',
      'users',
      'import_processes',
    ]));
    await first.db.destroy();

    const again = await openDatabase(file);
    const migrations = again.sqlite.prepare('select name from kysely_migration').all();
    const expected = Object.keys(await migrationProvider.getMigrations()).sort().map((name) => ({ name }));
    expect(migrations).toEqual(expected);
    await again.db.destroy();
  });

  it('enforces foreign keys', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db } = await openDatabase(join(dir, 'studio.sqlite'));
    const now = new Date().toISOString();
    const orphan = db
      .insertInto('users')
      .values({
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
      })
      .execute();
    const error: unknown = await orphan.catch((caught: unknown) => caught);
    expect(hasSqliteCode(error, 'SQLITE_CONSTRAINT_FOREIGNKEY')).toBe(true);
    await db.destroy();
  });

  it('counts writes that ran, not reads nor writes that failed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-db-'));
    const { db, writeGeneration } = await openDatabase(join(dir, 'studio.sqlite'));
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
    await db.destroy();
  });
});
