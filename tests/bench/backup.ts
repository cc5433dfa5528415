/**
 * Backup of a data folder of 10 000 runs (issue 30): the real server running on SQLite (in process, idle), holding
 * RUNS finished runs of STEPS step results each and one SCREENSHOT_BYTES screenshot per run under its artifacts
 * folder. `npm run backup`'s work (takeBackup: SQLite's online backup, the files copied and hashed, the manifest) runs
 * ROUNDS times into a new folder: `backup-seconds`, the median; `backup-megabytes`, what each backup holds.
 * Run alone with `node --import tsx tests/bench/backup.ts`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { takeBackup } from '../../src/server/backup/backup';
import { artifactsRoot } from '../../src/server/runs/artifacts';
import { historyRunRow, historyStepResult, insertHistoryCollection } from '../../src/server/testing/historyFixtures';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { findUserByUserId } from '../../src/server/users/repository';
import { median, printFigure } from './figures';

const RUNS = 10_000;
const STEPS = 5;
/** A small screenshot: real ones run to 100 KB and more, which would only measure the disk. */
const SCREENSHOT_BYTES = 16 * 1024;
const ROUNDS = 3;
const BATCH = 200;
const AT = '2026-11-01T10:00:00.000Z';

export interface BackupBench {
  medianSeconds: number;
  megabytes: number;
}

async function fill(t: TestServer): Promise<void> {
  const db = t.server.services.db;
  const orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
  const collectionId = await insertHistoryCollection(db, { orgId, name: 'Backup bench', createdAt: AT });
  const root = artifactsRoot(t.server.services.filesDir);
  const screenshot = randomBytes(SCREENSHOT_BYTES);
  for (let first = 0; first < RUNS; first += BATCH) {
    const runs = Array.from({ length: Math.min(BATCH, RUNS - first) }, () =>
      historyRunRow({ statusId: randomUUID(), orgId, collectionId, state: 'PASSED', submitted: AT, started: AT, completed: AT }),
    );
    const steps = runs.flatMap((run) =>
      Array.from({ length: STEPS }, (_, step) => {
        const result = historyStepResult({ statusId: run.status_id, flowId: 'flow', flowIndex: 1, stepId: `s${step}`, result: 'PASSED', at: AT });
        const images = step === 0 ? [{ path: `${run.status_id}/0001-shot.png`, name: '0001-shot.png' }] : [];
        return { ...result, images: JSON.stringify(images), attachments: '[]', failure_signature: null };
      }),
    );
    await Promise.all(
      runs.map(async (run) => {
        await mkdir(join(root, run.status_id), { recursive: true });
        await writeFile(join(root, run.status_id, '0001-shot.png'), screenshot);
      }),
    );
    await db.insertInto('runs').values(runs).execute();
    await db.insertInto('step_results').values(steps).execute();
  }
}

export async function runBackupBench(): Promise<BackupBench> {
  const t = await startTestServer({ browserPoolSize: 0 });
  const backups = await mkdtemp(join(tmpdir(), 'studio-backup-bench-'));
  try {
    await fill(t);
    const seconds: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const to = join(backups, `round-${round}`);
      const started = performance.now();
      const manifest = await takeBackup({ dataDir: t.dataDir }, to);
      seconds.push((performance.now() - started) / 1000);
      if (manifest.counts.runs < RUNS || manifest.counts.files < RUNS) throw new Error(`The backup holds ${manifest.counts.runs} runs and ${manifest.counts.files} files, not ${RUNS}`);
      bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      await rm(to, { recursive: true, force: true });
    }
    const figures = { medianSeconds: median(seconds), megabytes: bytes / 1e6 };
    printFigure('backup-seconds', figures.medianSeconds, 's');
    printFigure('backup-megabytes', figures.megabytes, 'MB');
    return figures;
  } finally {
    await t.close();
    await rm(backups, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runBackupBench();
}
