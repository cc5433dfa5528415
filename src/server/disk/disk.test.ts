import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportFile, sampleManifest } from '../../../tests/support/collection-export';
import { DISK_FULL_STATUS, DISK_MESSAGES, diskSpaceResponseSchema, type DiskFolder } from '../../shared/contracts/disk';
import { errorBodySchema } from '../../shared/contracts/errors';
import { endpoints } from '../../shared/endpoints';
import { scheduleResponseSchema } from '../../shared/contracts/schedules';
import { artifactsRoot, resolveArtifact } from '../runs/artifacts';
import { browserCollection, dailySchedule, runDetails, saveCollection, startRunServers, trigger, waitForRun, type RunServers } from '../testing/runFixtures';
import { freeBytesOf, mountSmallFilesystem } from '../testing/smallFilesystem';
import { testDialect } from '../testing/testDatabase';
import { startTestServer } from '../testing/testServer';
import { tickUnlessDiskFull } from '../schedules/scheduleFiring';
import { createDiskWatch, isDiskFull, type StatFs } from './diskWatch';

const MB = 1024 * 1024;

/** A statfs answering a disk of `total` bytes with `free` of them free, in 4 KB blocks. */
const fakeStatFs = (total: number, free: number): StatFs => () => Promise.resolve({ bsize: 4096, blocks: total / 4096, bavail: free / 4096 });

describe('disk watch', () => {
  it('marks a folder low below 10 % free and full below 2 %, and refuses runs and imports only when full', async () => {
    const total = 1000 * 4096;
    const levels = await Promise.all(
      [200, 100, 99, 20, 19].map(async (freeBlocks) => {
        const watch = createDiskWatch({ dataDir: '/data', filesDir: '/data' }, fakeStatFs(total, freeBlocks * 4096));
        return (await watch.space()).map((folder) => folder.level);
      }),
    );
    expect(levels).toEqual([['ok'], ['ok'], ['low'], ['low'], ['full']]);

    const full = createDiskWatch({ dataDir: '/data', filesDir: '/files' }, (path) =>
      fakeStatFs(total, (path === '/files' ? 10 : 500) * 4096)(path),
    );
    expect((await full.space()).map((folder) => [folder.setting, folder.level])).toEqual([
      ['DATA_DIR', 'ok'],
      ['ARTIFACTS_DIR', 'full'],
    ]);
    await expect(full.assertRoomFor('imports')).rejects.toMatchObject({
      status: DISK_FULL_STATUS,
      message: "The server's disk is almost full: ARTIFACTS_DIR has 1.0 % free. New imports are refused below 2.0 % until an administrator frees space.",
    });
  });

  it('knows a full disk from its error, as Node, Playwright and SQLite word it', () => {
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(new Error('page.screenshot: ENOSPC: no space left on device, write'))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe(true);
    expect(isDiskFull(new Error('EACCES: permission denied'))).toBe(false);
  });
});

/** 24 MB: 2 % is about 490 KB, and one screenshot of random pixels is megabytes. */
const SMALL_DISK_BYTES = 24 * MB;
const smallDisk = mountSmallFilesystem(SMALL_DISK_BYTES);
if (typeof smallDisk === 'string') console.warn(`\n!! SKIPPING the full-disk tests of src/server/disk: ${smallDisk}\n`);

describe.skipIf(typeof smallDisk === 'string')('a really full ARTIFACTS_DIR (a small tmpfs)', () => {
  const disk = smallDisk as Exclude<typeof smallDisk, string>;
  let servers: RunServers;

  beforeAll(async () => {
    servers = await startRunServers(['STUDIO'], { artifactsDir: disk.dir, browserPoolSize: 1 });
  });
  afterAll(async () => {
    await servers?.close();
    disk.unmount();
  });

  async function diskSpace(): Promise<DiskFolder[]> {
    const response = await servers.t.request(endpoints.health.disk, { token: servers.token });
    expect(response.status).toBe(200);
    return diskSpaceResponseSchema.parse(await response.json()).data;
  }

  it('shows each folder on the Health API, and below 2 % free refuses new runs and imports with 507 until space is freed', async () => {
    const { t, token } = servers;
    const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'open', steps: [{ stepId: 'o1', action: 'open', value: `${servers.pages.origin}/list` }] }] }));
    expect((await diskSpace()).map((folder) => [folder.setting, folder.level])).toEqual([
      ['DATA_DIR', expect.any(String)],
      ['ARTIFACTS_DIR', 'ok'],
    ]);

    disk.fillLeaving(SMALL_DISK_BYTES / 100);
    try {
      expect((await diskSpace())[1]).toMatchObject({ setting: 'ARTIFACTS_DIR', level: 'full' });
      const refused = await t.request(`${endpoints.runs.trigger}?id=${collectionId}`, { token });
      expect(refused.status).toBe(DISK_FULL_STATUS);
      expect(errorBodySchema.parse(await refused.json()).message).toMatch(/^The server's disk is almost full: ARTIFACTS_DIR has 0\.\d % free\. New runs are refused/);

      const form = new FormData();
      const file = await buildExportFile(sampleManifest());
      form.set('file', new Blob([file as Uint8Array<ArrayBuffer>]), 'collection.bin');
      const importRefused = await t.request(endpoints.importExport.importExport, { method: 'POST', token, body: form });
      expect(importRefused.status).toBe(DISK_FULL_STATUS);
      expect(errorBodySchema.parse(await importRefused.json()).message).toContain('New imports are refused');
    } finally {
      disk.empty();
    }
    expect((await diskSpace())[1]?.level).toBe('ok');
    expect((await waitForRun(t, token, await trigger(t, token, collectionId))).testStatus).toBe('PASSED');
  });

  it('ends a run whose screenshot finds the disk full FAILED with "Disk full" in its log, and keeps the earlier run and its screenshot', async () => {
    const { t, token, pages } = servers;
    const earlierId = await saveCollection(
      t,
      token,
      browserCollection({ flows: [{ testCaseId: 'small', steps: [{ stepId: 's1', action: 'open', value: `${pages.origin}/list` }, { stepId: 's2', action: 'screenshot' }] }] }),
    );
    const earlier = await waitForRun(t, token, await trigger(t, token, earlierId));
    expect(earlier.testStatus).toBe('PASSED');
    const earlierShot = earlier.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[1]?.images[0]?.path ?? '';
    expect(earlierShot).not.toBe('');

    const noisyId = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [
          {
            testCaseId: 'noisy',
            steps: [
              { stepId: 'n1', action: 'open', value: `${pages.origin}/noise` },
              { stepId: 'n2', action: 'assertTitle', value: 'Noise drawn' },
              { stepId: 'n3', action: 'screenshot' },
            ],
          },
          { testCaseId: 'never-reached', steps: [{ stepId: 'r1', action: 'open', value: `${pages.origin}/list` }] },
        ],
      }),
    );
    // Above the 2 % refusal line, so the run is accepted, but far below one screenshot of noise.
    disk.fillLeaving(SMALL_DISK_BYTES / 30);
    try {
      expect(freeBytesOf(disk.dir)).toBeGreaterThan(SMALL_DISK_BYTES * 0.02);
      const statusId = await trigger(t, token, noisyId);
      const failed = await waitForRun(t, token, statusId);
      expect(failed.testStatus).toBe('FAILED');
      const log = failed.logsList.map((line) => line.value).join('\n');
      expect(log).toMatch(/The run could not go on: Disk full: the run's files could not be written \(.*ENOSPC/);
      expect(log).not.toContain('never-reached: loop');
    } finally {
      disk.empty();
    }

    // The earlier run, its steps and its screenshot are all there.
    const again = await runDetails(t, token, earlier.statusId);
    expect(again.testStatus).toBe('PASSED');
    expect(existsSync(resolveArtifact(artifactsRoot(disk.dir), earlierShot) ?? '')).toBe(true);
    const download = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(earlierShot)}`, { token });
    expect(download.status).toBe(200);
  });

  it('holds due schedules and refuses Run Now while full, and fires the missed schedule once space is back', async () => {
    const { t, token, pages } = servers;
    const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: `${pages.origin}/list` }] }] }));
    const admin = await t.tokenFor(t.admin);
    const saved = await t.request(endpoints.schedules.save, { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify(dailySchedule([collectionId])) });
    const schedule = scheduleResponseSchema.parse(await saved.json()).data;
    const { services } = t.server;
    const runsOfCollection = async () =>
      Number((await services.db.selectFrom('runs').select((eb) => eb.fn.countAll<number>().as('count')).where('collection_id', '=', collectionId).executeTakeFirstOrThrow()).count);

    disk.fillLeaving(SMALL_DISK_BYTES / 100);
    try {
      // The server's own ticks use today's clock, and the schedule starts tomorrow: this tick is the one that is due.
      expect(await tickUnlessDiskFull(services, schedule.startTime + 1_000)).toMatchObject({ setting: 'ARTIFACTS_DIR', level: 'full' });
      expect(await runsOfCollection()).toBe(0);
      const runNow = await t.request(endpoints.schedules.runNow, { method: 'PUT', token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: schedule.id }) });
      expect(runNow.status).toBe(DISK_FULL_STATUS);
    } finally {
      disk.empty();
    }
    expect(await tickUnlessDiskFull(services, schedule.startTime + 2_000)).toBeUndefined();
    expect(await runsOfCollection()).toBe(1);
  });
});

// On PostgreSQL, DATA_DIR holds no data: the database's own disk is the operator's (and PostgreSQL's) to watch.
describe.skipIf(typeof smallDisk === 'string' || testDialect !== 'sqlite')('a really full DATA_DIR under SQLite (a small tmpfs)', () => {
  it('answers a save that cannot be written 507 "disk full", keeps the database whole, and saves again once space is freed', async () => {
    const dataDisk = mountSmallFilesystem(16 * MB);
    if (typeof dataDisk === 'string') throw new Error(dataDisk);
    const t = await startTestServer({ dataDir: dataDisk.dir, browserPoolSize: 1 });
    try {
      const token = await t.tokenFor(t.admin);
      // Big enough that SQLite must grow its files: a write within pages it already has would not meet the full disk.
      const big = browserCollection({
        flows: Array.from({ length: 40 }, (_, index) => ({
          testCaseId: `flow-${index}`,
          steps: [{ stepId: `s${index}`, action: 'open', value: `http://127.0.0.1/${'x'.repeat(10_000)}` }],
        })),
      });
      const save = () => t.request(endpoints.collections.save, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(big) });
      const before = await t.server.services.db.selectFrom('collections').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();

      dataDisk.fillLeaving(0);
      const refused = await save();
      expect(refused.status).toBe(DISK_FULL_STATUS);
      expect(errorBodySchema.parse(await refused.json()).message).toBe(DISK_MESSAGES.requestDiskFull);
      dataDisk.empty();

      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.server.services.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      const after = await t.server.services.db.selectFrom('collections').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
      expect((await save()).status).toBe(200);
    } finally {
      await t.close();
      dataDisk.unmount();
    }
  });
});
