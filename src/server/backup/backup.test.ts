import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileRef } from '../../shared/contracts/runs';
import { endpoints } from '../../shared/endpoints';
import type { Db } from '../db/database';
import { artifactsRoot, RunArtifacts } from '../runs/artifacts';
import { initialProgress } from '../runs/progress';
import { insertStepResult } from '../runs/repository';
import { historyRunRow, historyStepResult, insertHistoryCollection } from '../testing/historyFixtures';
import { migratedTestDatabaseUrl, testDatabaseUrl, testDialect } from '../testing/testDatabase';
import { startTestServer, type TestServer } from '../testing/testServer';
import { findUserByUserId } from '../users/repository';
import { takeBackup, type DataLocation } from './backup';
import { BackupError } from './backupError';
import { backupCommand, restoreCommand, type CommandOutput } from './commands';
import { MANIFEST_FILE, pathIn, type BackupManifest } from './manifest';
import { restoreBackup } from './restore';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Screenshots per run: one per step, each step in the same transaction as its run. */
const STEPS = 3;
const SEEDED_RUNS = 20;
const AT = '2026-11-01T10:00:00.000Z';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `studio-backup-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function server(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const started = await startTestServer(options);
  cleanups.push(() => started.close());
  return started;
}

/** Where a test server keeps its data, as the commands read it from the environment. */
async function locationOf(t: TestServer): Promise<DataLocation> {
  return { dataDir: t.dataDir, databaseUrl: await migratedTestDatabaseUrl(t.dataDir) };
}

/** A new, empty place to restore into: a folder, and on PostgreSQL an empty database. */
async function emptyLocation(): Promise<DataLocation> {
  const dataDir = join(tempDir('restored'), 'data');
  return { dataDir, databaseUrl: await testDatabaseUrl(dataDir) };
}

const environmentOf = (location: DataLocation): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _ignored, ARTIFACTS_DIR: _alsoIgnored, ...env } = process.env;
  return { ...env, DATA_DIR: location.dataDir, ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}) };
};

/** npm run backup / restore as an operator runs them: a process of its own. */
function runScript(script: 'backupMain' | 'restoreMain', args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/backup/${script}.ts`, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', rejectRun);
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** Lines the in-process commands print. */
function captured(): CommandOutput & { text: () => string } {
  const lines: string[] = [];
  return { out: (line) => lines.push(line), err: (line) => lines.push(line), text: () => lines.join('\n') };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const readManifest = (backupDir: string): BackupManifest => JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), 'utf8')) as BackupManifest;

/** Writes finished runs as the executor leaves them: screenshots on disk first, then the run and its steps at once. */
async function runWriter(t: TestServer) {
  const db: Db = t.server.services.db;
  const admin = await findUserByUserId(db, t.admin.email);
  const orgId = admin?.org_id ?? '';
  const collectionId = await insertHistoryCollection(db, { orgId, name: `Backup ${randomUUID()}`, createdAt: AT });
  const root = artifactsRoot(t.server.services.filesDir);
  let written = 0;
  return {
    collectionId,
    written: () => written,
    async writeRun(): Promise<void> {
      const statusId = randomUUID();
      const artifacts = new RunArtifacts(root, statusId);
      const shots: FileRef[] = [];
      for (let step = 0; step < STEPS; step += 1) shots.push(await artifacts.write(`step-${step}`, 'png', `PNG ${statusId} step ${step} ${'x'.repeat(2000)}`));
      await db.transaction().execute(async (trx) => {
        // With a run's progress, which its report reads.
        const run = historyRunRow({ statusId, orgId, collectionId, state: 'PASSED', submitted: AT, started: AT, completed: AT });
        await trx.insertInto('runs').values({ ...run, progress: JSON.stringify(initialProgress()) }).execute();
        for (const [step, shot] of shots.entries()) {
          await insertStepResult(trx, { ...historyStepResult({ statusId, flowId: 'flow', flowIndex: 1, stepId: `s${step}`, result: 'PASSED', at: AT }), images: [shot] });
        }
      });
      written += 1;
    },
  };
}

describe(`backup and restore (${testDialect})`, () => {
  it('takes a consistent backup while runs write; a server on the restored copy finds every run, report and screenshot', async () => {
    const t = await server();
    const writer = await runWriter(t);
    for (let run = 0; run < SEEDED_RUNS; run += 1) await writer.writeRun();

    const backupDir = join(tempDir('backup'), 'backup');
    let writing = true;
    const writtenBefore = writer.written();
    const writes = (async () => {
      while (writing) await writer.writeRun();
    })();
    const backup = await runScript('backupMain', ['--to', backupDir], environmentOf(await locationOf(t))).finally(() => {
      writing = false;
    });
    await writes;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*: \d+ runs, \d+ step results, \d+ files/);
    // Runs went on being written while the backup ran.
    expect(writer.written()).toBeGreaterThan(writtenBefore);

    const manifest = readManifest(backupDir);
    expect(manifest.dialect).toBe(testDialect);
    expect(manifest.counts.runs).toBeGreaterThanOrEqual(SEEDED_RUNS);
    expect(manifest.counts.stepResults).toBeGreaterThanOrEqual(SEEDED_RUNS * STEPS);
    expect(manifest.counts.files).toBe(manifest.files.length - 1);

    const target = await emptyLocation();
    const restored = await runScript('restoreMain', ['--from', backupDir], environmentOf(target));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`${manifest.counts.runs} runs, ${manifest.counts.stepResults} step results`);

    // Every file the manifest lists is in the restored folder, as it was copied.
    for (const file of manifest.files.filter((listed) => listed.path.startsWith('files/'))) {
      expect(sha256(readFileSync(pathIn(target.dataDir, file.path.slice('files/'.length)))), file.path).toBe(file.sha256);
    }

    const copy = await server({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, takeOverDataDir: true });
    const db = copy.server.services.db;
    const runs = await db.selectFrom('runs').select('status_id').execute();
    const steps = await db.selectFrom('step_results').select(['status_id', 'images']).execute();
    expect(runs.length).toBe(manifest.counts.runs);
    expect(steps.length).toBe(manifest.counts.stepResults);

    const token = await copy.tokenFor(copy.admin);
    const written = await db.selectFrom('runs').select('status_id').where('collection_id', '=', writer.collectionId).execute();
    expect(written.length).toBeGreaterThanOrEqual(SEEDED_RUNS);
    for (const { status_id: statusId } of written) {
      const runSteps = steps.filter((step) => step.status_id === statusId);
      // No run of the copy lacks a step written with it.
      expect(runSteps, statusId).toHaveLength(STEPS);
      const report = await copy.request(endpoints.runs.report(statusId), { token });
      expect(report.status).toBe(200);
      const html = await report.text();
      expect(html).not.toContain('(unavailable)');
      for (const step of runSteps) {
        const [image] = JSON.parse(step.images) as { path: string }[];
        const listed = manifest.files.find((file) => file.path === `files/artifacts/${image?.path ?? ''}`);
        expect(listed, image?.path).toBeDefined();
        const bytes = readFileSync(join(artifactsRoot(target.dataDir), image?.path ?? ''));
        expect(sha256(bytes)).toBe(listed?.sha256);
        // The report shows the screenshot itself, not a broken image.
        expect(html).toContain(`data:image/png;base64,${bytes.toString('base64')}`);
      }
    }
  });

  describe('refuses what it cannot do safely', () => {
    /** A small backup of a server with two runs, taken in process. */
    async function smallBackup() {
      const t = await server();
      const writer = await runWriter(t);
      await writer.writeRun();
      await writer.writeRun();
      const backupDir = join(tempDir('backup'), 'backup');
      const manifest = await takeBackup(await locationOf(t), backupDir);
      return { t, backupDir, manifest };
    }

    it('refuses a tampered, incomplete or unlisted backup by naming the file, and writes nothing', async () => {
      const { backupDir, manifest } = await smallBackup();
      const screenshot = manifest.files.find((file) => file.path.endsWith('.png'));
      expect(screenshot).toBeDefined();
      const file = pathIn(backupDir, screenshot?.path ?? '');
      const target = await emptyLocation();

      const original = readFileSync(file);
      writeFileSync(file, Buffer.concat([original.subarray(0, 10), Buffer.from('tampered'), original.subarray(18)]));
      await expect(restoreBackup(target, backupDir)).rejects.toThrow(new BackupError(`The backup is corrupt: ${file} does not match the SHA-256 the manifest lists for it (${original.length} bytes, ${original.length} expected).`));
      expect(existsSync(target.dataDir)).toBe(false);

      // Through the command, as an operator meets it: one clear line, exit code 1, no stack trace.
      const refused = await runScript('restoreMain', ['--from', backupDir], environmentOf(target));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim()).toBe(`Restore refused: The backup is corrupt: ${file} does not match the SHA-256 the manifest lists for it (${original.length} bytes, ${original.length} expected).`);

      unlinkSync(file);
      await expect(restoreBackup(target, backupDir)).rejects.toThrow(`The backup is incomplete: ${file} is missing.`);
      unlinkSync(join(backupDir, MANIFEST_FILE));
      await expect(restoreBackup(target, backupDir)).rejects.toThrow(`${join(backupDir, MANIFEST_FILE)} is missing: the backup is incomplete`);
      expect(existsSync(target.dataDir)).toBe(false);
    });

    it('restores only into an empty DATA_DIR or database, and backs up only into an empty folder', async () => {
      const { t, backupDir } = await smallBackup();
      const output = captured();
      // The server's own folder is not empty (on PostgreSQL, with an empty database: the folder holds the files).
      const emptyDatabase = (await emptyLocation()).databaseUrl;
      expect(await restoreCommand(['--from', backupDir], environmentOf({ dataDir: t.dataDir, databaseUrl: emptyDatabase }), output)).toBe(1);
      expect(output.text()).toMatch(new RegExp(`^Restore refused: DATA_DIR ${t.dataDir} is not empty \\(\\d+ entries: `));

      if (testDialect === 'postgres') {
        const used = await locationOf(t);
        await expect(restoreBackup({ ...used, dataDir: join(tempDir('empty'), 'data') }, backupDir)).rejects.toThrow(/^The database of DATABASE_URL \(\S+ on 127\.0\.0\.1:\d+\) is not empty \(\d+ tables\)/);
      } else {
        const intoPostgres = captured();
        expect(await restoreCommand(['--from', backupDir], { ...environmentOf(await emptyLocation()), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, intoPostgres)).toBe(1);
        expect(intoPostgres.text()).toBe(`Restore refused: ${backupDir} holds a SQLite backup: unset DATABASE_URL to restore it into DATA_DIR.`);
      }

      const again = captured();
      expect(await backupCommand(['--to', backupDir], environmentOf(await locationOf(t)), again)).toBe(1);
      expect(again.text()).toMatch(new RegExp(`^Backup refused: --to ${backupDir} is not empty \\(\\d+ entries: `));
      // The backup refused is the one already there, untouched.
      expect(readdirSync(backupDir)).toContain(MANIFEST_FILE);
    });

    it('answers wrong arguments with the usage and exit code 2, and a folder it cannot write with exit code 1', async () => {
      const missing = captured();
      expect(await backupCommand([], environmentOf({ dataDir: tempDir('data') }), missing)).toBe(2);
      expect(missing.text()).toMatch(/^Backup refused: Missing --to DIR\.\nUsage: npm run backup -- --to DIR/);

      const unknown = captured();
      expect(await restoreCommand(['--from', 'x', '--force'], environmentOf({ dataDir: tempDir('data') }), unknown)).toBe(2);
      expect(unknown.text()).toMatch(/^Restore refused: Unknown option '--force'.*\nUsage: npm run restore -- --from DIR/);

      const noBackup = captured();
      const nowhere = join(tempDir('none'), 'absent');
      expect(await restoreCommand(['--from', nowhere], environmentOf({ dataDir: tempDir('data') }), noBackup)).toBe(1);
      expect(noBackup.text()).toBe(`Restore refused: No backup at ${nowhere}: the folder does not exist.`);

      const noDatabase = captured();
      const emptyData = tempDir('data');
      const notMade = join(tempDir('out'), 'b');
      expect(await backupCommand(['--to', notMade], environmentOf({ dataDir: emptyData }), noDatabase)).toBe(1);
      expect(noDatabase.text()).toBe(`Backup refused: No database at ${join(emptyData, 'studio.sqlite')}: set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL).`);
      expect(existsSync(notMade)).toBe(false);

      // A file where the folder should be; a folder inside what is copied; a folder that cannot be made. The checks of
      // --to come before the database is read, so a stand-in database file is enough.
      const withDatabase = tempDir('data');
      writeFileSync(join(withDatabase, 'studio.sqlite'), '');
      const file = join(tempDir('out'), 'file');
      writeFileSync(file, '');
      const notFolder = captured();
      expect(await backupCommand(['--to', file], environmentOf({ dataDir: withDatabase }), notFolder)).toBe(1);
      expect(notFolder.text()).toBe(`Backup refused: --to ${file} is a file, not a folder.`);
      const inside = captured();
      expect(await backupCommand(['--to', join(withDatabase, 'artifacts', 'b')], environmentOf({ dataDir: withDatabase }), inside)).toBe(1);
      expect(inside.text()).toBe(`Backup refused: --to ${join(withDatabase, 'artifacts', 'b')} lies inside ${join(withDatabase, 'artifacts')}, which the backup copies: choose a folder outside it.`);

      const underFile = captured();
      expect(await backupCommand(['--to', join(file, 'b')], environmentOf({ dataDir: withDatabase }), underFile)).toBe(1);
      expect(underFile.text()).toBe(`Backup refused: Cannot write to --to ${join(file, 'b')}: a part of the path is a file.`);

      // Root writes anywhere: the permission check needs an ordinary user.
      if (process.getuid?.() !== 0) {
        const locked = tempDir('locked');
        chmodSync(locked, 0o500);
        cleanups.push(() => chmodSync(locked, 0o700));
        const denied = captured();
        expect(await backupCommand(['--to', join(locked, 'b')], environmentOf({ dataDir: withDatabase }), denied)).toBe(1);
        expect(denied.text()).toBe(`Backup refused: Cannot write to --to ${join(locked, 'b')}: permission denied.`);
      }
    });
  });
});
