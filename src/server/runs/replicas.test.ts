import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../shared/contracts/collections';
import { saveScheduleSchema } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import { createApp, type StudioApp } from '../app';
import { insertCollection } from '../collections/repository';
import { createLeadership } from '../schedules/leadership';
import { scheduleTick } from '../schedules/scheduleFiring';
import { saveScheduleRow } from '../schedules/repository';
import { browserCollection, CHROMIUM, deviceInUse, runDetails, saveCollection, startPageServer, trigger, waitForRun, type PageServer } from '../testing/runFixtures';
import { migratedTestDatabaseUrl, testDialect } from '../testing/testDatabase';
import { fakeExecutable, startTestServer, type TestServer } from '../testing/testServer';
import { findUserByUserId } from '../users/repository';
import { abortRunsOfDeadReplicas, deadReplicaAbortLog, REPLICA_DEAD_AFTER_MS } from './replicas';
import { insertRun, listLogs } from './repository';

const MINUTE = 60_000;
const onPostgres = testDialect === 'postgres';

describe('replicas sharing one database', () => {
  const dirs: string[] = [];
  const apps: StudioApp[] = [];
  const servers: TestServer[] = [];
  let pages: PageServer | undefined;
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    for (const app of apps.splice(0)) await app.close();
    await pages?.close();
    pages = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A replica without its tick loop: `shared` names the data folder whose database it joins. */
  async function replica(name: string, shared?: string): Promise<StudioApp> {
    const dataDir = mkdtempSync(join(tmpdir(), `studio-replica-${name}-`));
    dirs.push(dataDir);
    const app = await createApp({
      dataDir,
      databaseUrl: await migratedTestDatabaseUrl(shared ?? dataDir),
      replicaName: name,
      adminPassword: 'admin-test-password',
      chromiumPath: fakeExecutable(dataDir),
      browserPoolSize: 1,
    });
    apps.push(app);
    return app;
  }

  it("aborts the runs of a replica whose heartbeats stopped, frees their resources, and leaves a live replica's runs alone", async () => {
    const app = await replica('replica-a');
    const { db } = app.services;
    const admin = await findUserByUserId(db, 'admin@studio.local');
    const author = { orgId: admin?.org_id ?? '', userId: 'admin@studio.local' };
    const document = collectionSchema.parse({ collectionId: 'new', id: '', testSuiteName: 'Replicated', deviceType: 'BROWSER', testCases: [] });
    const collection = await insertCollection(db, document, author);
    const now = Date.now();
    await db
      .insertInto('replicas')
      .values([
        { id: 'replica-dead', host: 'gone', started_at: 0, beat_at: now - REPLICA_DEAD_AFTER_MS - 1 },
        { id: 'replica-live', host: 'here', started_at: 0, beat_at: now },
      ])
      .execute();
    const runningOn = async (replicaId: string, deviceId: string) => {
      const run = await insertRun(db, collection, author);
      await db.updateTable('runs').set({ state: 'RUNNING', replica_id: replicaId, resource_ids: JSON.stringify([deviceId]) }).where('status_id', '=', run.status_id).execute();
      await db.updateTable('resources').set({ device_in_use: 1 }).where('device_id', '=', deviceId).execute();
      return run.status_id;
    };
    await db
      .insertInto('resources')
      .values({ id: 'r2', device_id: 'browser-2', device_name: 'B2', device_display_name: 'B2', cmd_device_type: 'BROWSER', plugged_in: 1, device_in_use: 0, created_at: '', updated_at: '' })
      .execute();
    const orphan = await runningOn('replica-dead', 'browser-1');
    const kept = await runningOn('replica-live', 'browser-2');

    expect(await abortRunsOfDeadReplicas(db, now)).toBe(1);
    expect(await abortRunsOfDeadReplicas(db, now)).toBe(0);

    const states = await db.selectFrom('runs').select(['status_id', 'state']).orderBy('status_id').execute();
    expect(Object.fromEntries(states.map((run) => [run.status_id, run.state]))).toEqual({ [orphan]: 'ABORTED', [kept]: 'RUNNING' });
    expect((await listLogs(db, orphan)).map((line) => line.value)).toEqual([deadReplicaAbortLog('replica-dead')]);
    const inUse = await db.selectFrom('resources').select(['device_id', 'device_in_use']).orderBy('device_id').execute();
    expect(inUse).toEqual([
      { device_id: 'browser-1', device_in_use: 0 },
      { device_id: 'browser-2', device_in_use: 1 },
    ]);
    expect((await db.selectFrom('replicas').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['replica-a', 'replica-live']);
  });

  it.runIf(onPostgres)('fires each of ten schedules due in the same minute once when two replicas tick at the same moment', async () => {
    const first = await replica('replica-1');
    const second = await replica('replica-2', dirs[0]);
    const { db } = first.services;
    const admin = await findUserByUserId(db, 'admin@studio.local');
    const author = { orgId: admin?.org_id ?? '', userId: 'admin@studio.local' };
    const document = collectionSchema.parse({ collectionId: 'new', id: '', testSuiteName: 'Due', deviceType: 'BROWSER', testCases: [] });
    const collection = await insertCollection(db, document, author);
    const savedAt = Date.parse('2026-06-01T00:00:00Z');
    for (let index = 0; index < 10; index += 1) {
      const { id: _id, ...definition } = saveScheduleSchema.parse({
        name: `Due ${index}`,
        repeat: 1,
        startTime: savedAt + MINUTE + index * 1000,
        endTime: savedAt + 30 * 24 * 60 * MINUTE,
        scheduleType: 'COLLECTION',
        testStatusIdList: [collection.id],
        scheduleData: { type: 1, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] },
        timeZone: 'UTC',
      });
      await saveScheduleRow(db, undefined, definition, author, savedAt);
    }

    const due = savedAt + 2 * MINUTE;
    await Promise.all([scheduleTick(first.services.db, first.services.runs, due), scheduleTick(second.services.db, second.services.runs, due)]);
    await Promise.all([scheduleTick(second.services.db, second.services.runs, due + 1), scheduleTick(first.services.db, first.services.runs, due + 1)]);

    const perSchedule = await db
      .selectFrom('schedule_executions')
      .select(['schedule_id', (eb) => eb.fn.countAll<number>().as('firings')])
      .groupBy('schedule_id')
      .execute();
    expect(perSchedule).toHaveLength(10);
    expect(perSchedule.every((row) => Number(row.firings) === 1)).toBe(true);
    const runs = await db.selectFrom('runs').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(runs.count)).toBe(10);
  });

  it.runIf(onPostgres)('lets one replica lead, and another as soon as the leader leaves or its session dies', async () => {
    const app = await replica('replica-lead');
    const { db } = app.services;
    const { database } = app.services;
    const [one, two] = [createLeadership(database, 'test-lead'), createLeadership(database, 'test-lead')];
    try {
      expect(await one.isLeader()).toBe(true);
      expect(await two.isLeader()).toBe(false);
      expect(await one.isLeader()).toBe(true);
      expect([one.leads(), two.leads()]).toEqual([true, false]);
      await one.close();
      expect(await two.isLeader()).toBe(true);
      expect([one.leads(), two.leads()]).toEqual([false, true]);
      expect(await one.isLeader()).toBe(false);

      const three = createLeadership(database, 'test-lead');
      expect(await three.isLeader()).toBe(false);
      // The leader's session ends as when its process is killed: PostgreSQL drops the lock with it. Only this test's
      // database: the files running beside it take advisory locks of their own (kysely's migration lock).
      await sql`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and granted and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())`.execute(db);
      // pg_terminate_backend only signals: the lock goes when that session has exited.
      await expect.poll(() => three.isLeader()).toBe(true);
      expect(await two.isLeader()).toBe(false);
      await three.close();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it.runIf(onPostgres)(
    'executes each run once whichever replica it was triggered on, and a cancel on one replica stops the browser of another',
    { timeout: 90_000 },
    async () => {
      pages = await startPageServer();
      const a = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 2, replicaName: 'replica-a' });
      servers.push(a);
      const b = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 2, replicaName: 'replica-b', databaseUrl: await migratedTestDatabaseUrl(a.dataDir) });
      servers.push(b);
      const user = await a.createUser(['STUDIO']);
      const token = await a.tokenFor(user);
      const quick = await saveCollection(a, token, browserCollection({ flows: [{ testCaseId: 'q', steps: [{ stepId: 'q', action: 'open', value: `${pages.origin}/list` }] }] }));

      const triggered = await Promise.all(Array.from({ length: 8 }, (_, index) => trigger(index % 2 === 0 ? a : b, token, quick)));
      // Each run is watched on the replica it was not triggered on.
      for (const [position, statusId] of triggered.entries()) expect((await waitForRun(position % 2 === 0 ? b : a, token, statusId)).testStatus).toBe('PASSED');
      const { db } = a.server.services;
      for (const statusId of triggered) {
        const started = (await listLogs(db, statusId)).filter((line) => line.value.startsWith('Started on'));
        expect(started).toHaveLength(1);
      }
      const executors = await db.selectFrom('runs').select('replica_id').where('status_id', 'in', triggered).execute();
      // Which replica takes a run depends on which one ticks first after a device frees, so only the record is checked.
      expect(executors.every((run) => run.replica_id === 'replica-a' || run.replica_id === 'replica-b')).toBe(true);

      const slow = await saveCollection(
        a,
        token,
        browserCollection({ flows: [{ testCaseId: 'slow', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }] }),
      );
      const long = await trigger(a, token, slow);
      const running = await waitForRun(a, token, long, (details) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 1);
      const executor = (await db.selectFrom('runs').select('replica_id').where('status_id', '=', long).executeTakeFirstOrThrow()).replica_id;
      const other = executor === 'replica-a' ? b : a;
      const stop = await other.request(`${endpoints.runs.cancelRunning}?statusId=${long}`, { method: 'POST', token });
      expect(stop.status).toBe(200);
      const [deviceId = ''] = running.devices;
      // The executing replica notices within a tick, closes its browser and leaves the run as the cancel ended it.
      await expect.poll(() => deviceInUse(a, deviceId)).toBe(false);
      const afterStop = await runDetails(a, token, long);
      expect(afterStop.testStatus).toBe('CANCELLED');
      const executing = executor === 'replica-a' ? a : b;
      await expect.poll(() => executing.server.services.runs.executingHere()).toEqual([]);
      expect((await listLogs(db, long)).map((line) => line.value).filter((line) => line.startsWith('Finished'))).toEqual([]);
    },
  );
});
