import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { testDatabaseTarget, testDialect } from '../testing/testDatabase';
import { loadOrCreateJwtSecret } from './jwtSecret';

describe(`the token signing key (${testDialect})`, () => {
  let dataDir: string;
  let opened: OpenedDatabase;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'studio-secret-'));
    opened = await openDatabase(await testDatabaseTarget(dataDir));
  });
  afterEach(async () => {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is made once and shared: replicas starting together all read the one key', async () => {
    const keys = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateJwtSecret({ db: opened.db, dataDir })));
    expect(keys[0]?.length).toBe(64);
    for (const key of keys) expect(Buffer.from(key).equals(Buffer.from(keys[0] ?? []))).toBe(true);
    const later = await loadOrCreateJwtSecret({ db: opened.db, dataDir });
    expect(Buffer.from(later).equals(Buffer.from(keys[0] ?? []))).toBe(true);
  });

  it('takes over the DATA_DIR file of an older version, so its sessions stay valid', async () => {
    const legacy = Buffer.alloc(64, 7).toString('base64url');
    writeFileSync(join(dataDir, 'jwt-secret'), legacy, { mode: 0o600 });
    const key = await loadOrCreateJwtSecret({ db: opened.db, dataDir });
    expect(Buffer.from(key).toString('base64url')).toBe(legacy);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('uses JWT_SECRET when set and stores nothing, and refuses a short one', async () => {
    const chosen = Buffer.alloc(48, 3).toString('base64url');
    const key = await loadOrCreateJwtSecret({ db: opened.db, dataDir, fromEnvironment: chosen });
    expect(Buffer.from(key).toString('base64url')).toBe(chosen);
    expect(await opened.db.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
    await expect(loadOrCreateJwtSecret({ db: opened.db, dataDir, fromEnvironment: 'c2hvcnQ' })).rejects.toThrow('JWT_SECRET must be at least 32 bytes');
  });
});
