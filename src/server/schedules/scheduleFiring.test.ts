import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectionSchema, ORGANIZATION_TAG, VERSION_TAG } from '../../shared/contracts/collections';
import { saveScheduleSchema, type SaveScheduleInput } from '../../shared/contracts/schedules';
import { createApp, type StudioApp } from '../app';
import { insertCollection } from '../collections/repository';
import type { ExcelSheet } from '../variables/excelSheet';
import { insertVariable } from '../variables/repository';
import { finishRun } from '../runs/repository';
import { migratedTestDatabaseUrl } from '../testing/testDatabase';
import { fakeExecutable } from '../testing/testServer';
import { findUserByUserId } from '../users/repository';
import { CATCH_UP_GRACE_MS, cancelQueuedSchedule, scheduleTick } from './scheduleFiring';
import { saveScheduleRow, type ScheduleRow } from './repository';
import { executionDetailsOf, scheduleQueueOf } from './scheduleViews';

const utc = (iso: string): number => Date.parse(iso);
const MINUTE = 60_000;

/**
 * The app without its tick loop and dispatcher (createApp starts neither): ticks are called with chosen clocks, and
 * runs stay QUEUED until a test finishes them, as a resource would.
 */
describe('schedule firing with a controllable clock', () => {
  let dataDir: string;
  let studio: StudioApp;
  let orgId: string;
  const author = () => ({ orgId, userId: 'admin@studio.local' });

  const open = async () => {
    studio = await createApp({ dataDir, databaseUrl: await migratedTestDatabaseUrl(dataDir), adminPassword: 'admin-test-password', chromiumPath: fakeExecutable(dataDir), browserPoolSize: 1 });
    const admin = await findUserByUserId(studio.services.db, 'admin@studio.local');
    orgId = admin?.org_id ?? '';
  };
  const db = () => studio.services.db;
  const tick = (now: number) => scheduleTick(db(), studio.services.runs, now);

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'studio-schedules-test-'));
    await open();
  });
  afterEach(async () => {
    await studio.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function collection(name: string, tags: string[] = [], version: string | null = null): Promise<string> {
    const document = collectionSchema.parse({
      collectionId: 'new',
      id: '',
      testSuiteName: name,
      deviceType: 'BROWSER',
      tags,
      version,
      testCases: [{ testCaseId: 'f', testCaseName: 'f', steps: [{ stepId: 's', stepName: 's', action: 'open', value: 'about:blank' }] }],
    });
    return (await insertCollection(db(), document, author())).id;
  }

  async function tag(name: string, type: string): Promise<string> {
    const id = randomUUID();
    await db().insertInto('tags').values({ id, org_id: orgId, tag_name: name, tag_type: type, hide_tag: 0, created_at: new Date().toISOString() }).execute();
    return id;
  }

  async function schedule(input: Partial<SaveScheduleInput>, savedAt: number): Promise<ScheduleRow> {
    const { id: _id, ...definition } = saveScheduleSchema.parse({
      name: 'Nightly',
      repeat: 1,
      startTime: savedAt + MINUTE,
      endTime: savedAt + 400 * 24 * 60 * MINUTE,
      scheduleType: 'COLLECTION',
      scheduleData: { type: 1, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] },
      timeZone: 'UTC',
      ...input,
    });
    const row = await saveScheduleRow(db(), undefined, definition, author(), savedAt);
    if (!row) throw new Error('not saved');
    return row;
  }

  const firings = (scheduleId: string) =>
    db().selectFrom('schedule_executions').selectAll().where('schedule_id', '=', scheduleId).orderBy('triggered_at').orderBy('kind').execute();
  const runsOf = (executionId: string) =>
    db()
      .selectFrom('schedule_execution_items as item')
      .leftJoin('runs', 'runs.status_id', 'item.status_id')
      .select(['item.test_suite_name', 'item.state', 'item.status_id', 'runs.state as run_state', 'runs.collection'])
      .where('item.execution_id', '=', executionId)
      .orderBy('item.position')
      .execute();

  it('fires a daily 09:00 Europe/Berlin schedule at 09:00 local across both 2026 daylight-saving changes', async () => {
    const id = await collection('Berlin_Daily');
    const berlin = { scheduleData: { type: 1 as const, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0] as (0 | 1)[] }, timeZone: 'Europe/Berlin' };
    const spring = await schedule({ ...berlin, testStatusIdList: [id], startTime: utc('2026-03-27T08:00:00Z'), endTime: utc('2026-03-31T00:00:00Z') }, utc('2026-03-26T12:00:00Z'));
    const autumn = await schedule({ ...berlin, testStatusIdList: [id], startTime: utc('2026-10-23T07:00:00Z'), endTime: utc('2026-10-28T00:00:00Z') }, utc('2026-10-22T12:00:00Z'));

    // Tick every 30 minutes, 1 ms before and at each half hour, through both weeks.
    for (const [from, to] of [
      ['2026-03-26T12:00:00Z', '2026-03-31T00:00:00Z'],
      ['2026-10-22T12:00:00Z', '2026-10-28T00:00:00Z'],
    ] as const) {
      for (let now = utc(from); now <= utc(to); now += 30 * MINUTE) {
        await tick(now - 1);
        await tick(now);
      }
    }

    const planned = async (row: ScheduleRow) => (await firings(row.id)).map((firing) => [firing.kind, new Date(firing.planned_at ?? 0).toISOString()]);
    // CET is UTC+1 until 2026-03-29 02:00, CEST UTC+2 until 2026-10-25 03:00.
    expect(await planned(spring)).toEqual([
      ['SCHEDULED', '2026-03-27T08:00:00.000Z'],
      ['SCHEDULED', '2026-03-28T08:00:00.000Z'],
      ['SCHEDULED', '2026-03-29T07:00:00.000Z'],
      ['SCHEDULED', '2026-03-30T07:00:00.000Z'],
    ]);
    expect(await planned(autumn)).toEqual([
      ['SCHEDULED', '2026-10-23T07:00:00.000Z'],
      ['SCHEDULED', '2026-10-24T07:00:00.000Z'],
      ['SCHEDULED', '2026-10-25T08:00:00.000Z'],
      ['SCHEDULED', '2026-10-26T08:00:00.000Z'],
      ['SCHEDULED', '2026-10-27T08:00:00.000Z'],
    ]);
    for (const firing of await firings(spring.id)) expect(firing.triggered_at).toBe(firing.planned_at);
  });

  it('neither fires twice nor loses an execution across restarts of the same database', async () => {
    const id = await collection('Restart_Daily');
    const row = await schedule({ testStatusIdList: [id], startTime: utc('2026-05-01T06:00:00Z') }, utc('2026-04-30T00:00:00Z'));

    await tick(utc('2026-05-01T06:00:00.300Z'));
    await studio.close();
    await open();
    // The first tick after the restart comes within the same second: it must not fire again.
    await tick(utc('2026-05-01T06:00:01Z'));
    expect(await firings(row.id)).toHaveLength(1);

    // Down over the next planned time, back 20 minutes later: that execution fires once, late.
    await studio.close();
    await open();
    await tick(utc('2026-05-02T06:20:00Z'));
    await tick(utc('2026-05-02T06:20:01Z'));
    const afterCatchUp = await firings(row.id);
    expect(afterCatchUp.map((firing) => [firing.kind, firing.planned_at])).toEqual([
      ['SCHEDULED', utc('2026-05-01T06:00:00Z')],
      ['CATCH_UP', utc('2026-05-02T06:00:00Z')],
    ]);

    // Down for three days: the two older executions are recorded as missed, the latest (within the grace) fires.
    await studio.close();
    await open();
    await tick(utc('2026-05-05T06:30:00Z'));
    const all = await firings(row.id);
    expect(all.slice(2).map((firing) => [firing.kind, firing.planned_at, firing.status])).toEqual([
      ['CATCH_UP', utc('2026-05-05T06:00:00Z'), 'QUEUED'],
      ['MISSED', utc('2026-05-03T06:00:00Z'), 'MISSED'],
    ]);
    const notes = await db().selectFrom('schedule_notes').select('text').where('execution_id', '=', all[3]?.id ?? '').execute();
    expect(notes[0]?.text).toMatch(/^Missed: not fired at the planned time \(the server was down or too busy\): 2 execution\(s\)/);
    const next = await db().selectFrom('schedules').select('next_execution_at').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(next.next_execution_at).toBe(utc('2026-05-06T06:00:00Z'));
    expect(CATCH_UP_GRACE_MS).toBe(60 * MINUTE);
  });

  it('fires the collections the tags select, narrowed to the custom selection when on', async () => {
    const smoke = await tag('smoke', ORGANIZATION_TAG);
    const v2 = await tag('v2', VERSION_TAG);
    await collection('Tagged_A', [smoke], v2);
    await collection('Tagged_B', [smoke], null);
    const third = await collection('Tagged_C', [smoke], v2);
    await collection('Untagged');
    const saved = utc('2026-06-01T00:00:00Z');
    const byTags = await schedule({ scheduleType: 'TAG_COLLECTION', collectionTags: [smoke], versionTags: [v2] }, saved);
    const custom = await schedule({ scheduleType: 'TAG_COLLECTION', collectionTags: [smoke], customCollections: true, customTestStatusIdList: [third] }, saved);
    await tick(saved + MINUTE);

    const [byTagsFiring] = await firings(byTags.id);
    expect((await runsOf(byTagsFiring?.id ?? '')).map((item) => [item.test_suite_name, item.run_state])).toEqual([
      ['Tagged_A', 'QUEUED'],
      ['Tagged_C', 'QUEUED'],
    ]);
    const [customFiring] = await firings(custom.id);
    expect((await runsOf(customFiring?.id ?? '')).map((item) => item.test_suite_name)).toEqual(['Tagged_C']);
    const queue = await scheduleQueueOf(db(), orgId);
    expect(queue.find((row) => row.scheduleId === byTags.id)).toMatchObject({ collectionTags: [smoke], versionTags: [v2], collectionsInQueue: 2, totalCollections: 2 });
  });

  it('runs collections in order: the next is queued only when the previous one finished', async () => {
    const ids = [await collection('Order_1'), await collection('Order_2')];
    const saved = utc('2026-06-01T00:00:00Z');
    const row = await schedule({ testStatusIdList: ids, inOrder: true }, saved);
    await tick(saved + MINUTE);
    const [firing] = await firings(row.id);
    const executionId = firing?.id ?? '';
    expect((await runsOf(executionId)).map((item) => item.state)).toEqual(['ENQUEUED', 'PENDING']);
    expect((await scheduleQueueOf(db(), orgId))[0]).toMatchObject({ collectionsInQueue: 2, totalCollections: 2 });

    await tick(saved + MINUTE + 1000);
    expect((await runsOf(executionId)).map((item) => item.state)).toEqual(['ENQUEUED', 'PENDING']);

    const [first] = await runsOf(executionId);
    await finishRun(db(), first?.status_id ?? '', 'PASSED');
    await tick(saved + MINUTE + 2000);
    const items = await runsOf(executionId);
    expect(items.map((item) => [item.state, item.run_state])).toEqual([
      ['ENQUEUED', 'PASSED'],
      ['ENQUEUED', 'QUEUED'],
    ]);
    expect((await scheduleQueueOf(db(), orgId))[0]).toMatchObject({ collectionsInQueue: 1, totalCollections: 2 });

    await finishRun(db(), items[1]?.status_id ?? '', 'FAILED');
    await tick(saved + MINUTE + 3000);
    expect(await scheduleQueueOf(db(), orgId)).toEqual([]);
    expect((await firings(row.id))[0]?.status).toBe('COMPLETED');
  });

  async function useResources(collectionId: string, resources: Record<string, string>): Promise<void> {
    const { document } = await db().selectFrom('collections').select('document').where('id', '=', collectionId).executeTakeFirstOrThrow();
    const changed = { ...(JSON.parse(document) as Record<string, unknown>), hybridDeviceIds: resources };
    await db().updateTable('collections').set({ document: JSON.stringify(changed) }).where('id', '=', collectionId).execute();
  }
  const variable = async (variableName: string, valueType: 'String' | 'Resource' | 'Excel', value: string[], sheet?: ExcelSheet) =>
    (await insertVariable(db(), { variableName, valueType, value, variableType: 'bot', ...(sheet ? { sheet, dataSource: `${variableName}.xlsx` } : {}) }, author())).id;
  const notesOf = async (executionId: string) =>
    (await db().selectFrom('schedule_notes').select('text').where('execution_id', '=', executionId).orderBy('id').execute()).map((note) => note.text);
  const runVariables = async (statusId: string | null) =>
    JSON.parse((await db().selectFrom('runs').select('variables').where('status_id', '=', statusId ?? '').executeTakeFirstOrThrow()).variables) as unknown;

  it('applies the overridden step timeout and resources, resource variables included, and notes the pairs that do not apply', async () => {
    const id = await collection('Override_Me');
    await useResources(id, { 'browser-1': 'Browser 1', 'browser-4': 'Browser 4' });
    const anyFree = await collection('Any_Free');
    const pool = await variable('pool', 'Resource', ['browser-2', 'browser-3']);
    const fourth = await variable('fourth', 'Resource', ['browser-4']);
    const text = await variable('text', 'String', ['browser-9']);
    const saved = utc('2026-06-01T00:00:00Z');
    const device = (deviceId: string) => ({ deviceId, deviceType: 'BROWSER', useVariable: false, variableId: null });
    const variableSide = (variableId: string) => ({ deviceId: '', deviceType: '', useVariable: true, variableId });
    const row = await schedule(
      {
        testStatusIdList: [id, anyFree],
        overrideStepTimeout: true,
        stepTimeout: 7000,
        overrideResources: true,
        overrideResourcesList: [
          // A resource variable: the run may take any free one of its resources.
          { currentDevice: device('browser-1'), newDevice: variableSide(pool) },
          // A resource variable as the current side replaces the resources of it the collection uses.
          { currentDevice: variableSide(fourth), newDevice: device('browser-5') },
          { currentDevice: variableSide('no-such-variable'), newDevice: device('browser-6') },
          { currentDevice: device('browser-7'), newDevice: variableSide(text) },
        ],
      },
      saved,
    );
    await tick(saved + MINUTE);
    const [firing] = await firings(row.id);
    const [item, other] = await runsOf(firing?.id ?? '');
    const snapshot = collectionSchema.parse(JSON.parse(item?.collection ?? '{}'));
    expect(snapshot.testCases.flatMap((flow) => flow.steps.map((step) => step.timeoutMs))).toEqual([7000]);
    expect(Object.keys(snapshot.hybridDeviceIds).sort()).toEqual(['browser-2', 'browser-3', 'browser-5']);
    const run = await db().selectFrom('runs').select('hybrid_device_ids').where('status_id', '=', item?.status_id ?? '').executeTakeFirstOrThrow();
    expect((JSON.parse(run.hybrid_device_ids) as string[]).sort()).toEqual(['browser-2', 'browser-3', 'browser-5']);
    // A collection taking any free resource uses none of the pairs' resources: it keeps running anywhere.
    expect(collectionSchema.parse(JSON.parse(other?.collection ?? '{}')).hybridDeviceIds).toEqual({});
    expect(await notesOf(firing?.id ?? '')).toEqual([
      'Variable no-such-variable does not exist or was removed: the resource override variable no-such-variable → browser-6 is not applied',
      'Variable text is not a Resource variable: the resource override browser-7 → variable text is not applied',
      'Resource override Browser 1 → variable pool does not apply to Any_Free: the collection does not use that resource',
      'Resource override variable fourth → browser-5 does not apply to Any_Free: the collection does not use that resource',
    ]);
  });

  it('gives every run of the firing the data row of Override Datasource as variables, and notes why it cannot when it cannot', async () => {
    const id = await collection('Data_Driven');
    const users = await variable('users', 'Excel', [], {
      mapping: [
        { variableName: 'User_Name', columnName: 'User Name' },
        { variableName: 'Password', columnName: 'Password' },
      ],
      rows: [
        { User_Name: 'alice', Password: 'a-pw' },
        { User_Name: 'bob', Password: 'b-pw' },
      ],
    });
    const plain = await variable('plain', 'String', ['x']);
    const removed = await variable('gone', 'Excel', [], { mapping: [{ variableName: 'A', columnName: 'A' }], rows: [{ A: '1' }] });
    await db().updateTable('variables').set({ status: 'inactive' }).where('id', '=', removed).execute();
    const saved = utc('2026-06-01T00:00:00Z');
    // Every run also carries the organization's String variables (here `plain`); a data row adds its own.
    const cases: [string, number | null, Record<string, string>, string][] = [
      [users, 2, { User_Name: 'bob', Password: 'b-pw' }, 'Override Datasource: data row 2 of users gives the runs ${User_Name}, ${Password}'],
      [users, null, { User_Name: 'alice', Password: 'a-pw' }, 'Override Datasource: data row 1 of users gives the runs ${User_Name}, ${Password}'],
      [users, 3, {}, 'Data row 3 of users does not exist (rows 1 to 2): the collections run without Override Datasource'],
      [users, 0, {}, 'Data row 0 of users does not exist (rows 1 to 2): the collections run without Override Datasource'],
      [plain, 1, {}, 'Variable plain is not an Excel variable: the collections run without Override Datasource'],
      [removed, 1, {}, `Variable ${removed} does not exist or was removed: the collections run without Override Datasource`],
    ];
    for (const [dataSourceVariableId, dataSourceRowNo, expected, note] of cases) {
      const row = await schedule({ testStatusIdList: [id], overrideDataSource: true, dataSourceVariableId, dataSourceRowNo }, saved);
      await tick(saved + MINUTE);
      const [firing] = await firings(row.id);
      const [item] = await runsOf(firing?.id ?? '');
      expect(item?.run_state, note).toBe('QUEUED');
      expect(await runVariables(item?.status_id ?? null), note).toEqual({ plain: 'x', ...expected });
      expect(await notesOf(firing?.id ?? '')).toEqual([note]);
    }
  });

  it('cancels a queued schedule: its queued runs are cancelled and the queue row goes', async () => {
    const ids = [await collection('Cancel_1'), await collection('Cancel_2'), await collection('Cancel_3')];
    const saved = utc('2026-06-01T00:00:00Z');
    const row = await schedule({ testStatusIdList: ids }, saved);
    const inOrder = await schedule({ testStatusIdList: ids, inOrder: true, name: 'In order' }, saved);
    await tick(saved + MINUTE);
    const queue = await scheduleQueueOf(db(), orgId);
    expect(queue).toHaveLength(2);
    for (const queued of queue) expect(await cancelQueuedSchedule(db(), studio.services.runs, queued.id, orgId, 'canceller', saved + 2 * MINUTE)).toBe(true);

    expect(await scheduleQueueOf(db(), orgId)).toEqual([]);
    const [all] = await firings(row.id);
    expect((await runsOf(all?.id ?? '')).map((item) => item.run_state)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(all?.status).toBe('CANCELLED');
    const [ordered] = await firings(inOrder.id);
    if (!ordered) throw new Error('the in-order schedule did not fire');
    const details = await executionDetailsOf(db(), ordered);
    expect(details.map((item) => [item.result, item.userCancelledName])).toEqual([
      ['CANCELLED', 'canceller'],
      ['SKIPPED', 'canceller'],
      ['SKIPPED', 'canceller'],
    ]);
    expect(await cancelQueuedSchedule(db(), studio.services.runs, queue[0]?.id ?? '', orgId, 'canceller', saved)).toBe(false);
  });

  it('records one notification when a run waited longer than waitInMinutesBeforeNotify', async () => {
    const id = await collection('Waits');
    // Runs carry the wall-clock time they were queued, so this test's clock starts now.
    const saved = Date.now();
    const row = await schedule(
      { testStatusIdList: [id], notifyOnWaitInQueue: true, waitInMinutesBeforeNotify: 2, scheduleNotifyEmails: 'ops@example.com', startTime: saved + 1000 },
      saved,
    );
    await tick(saved + 1000);
    await tick(saved + MINUTE);
    const notifications = () => db().selectFrom('schedule_notes').selectAll().where('kind', '=', 'NOTIFICATION').execute();
    expect(await notifications()).toEqual([]);
    await tick(saved + 3 * MINUTE);
    await tick(saved + 4 * MINUTE);
    const recorded = await notifications();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ recipients: 'ops@example.com', delivered_at: null });
    expect(recorded[0]?.text).toBe('Notification: Waits has waited more than 2 minute(s) in the queue');
    expect((await firings(row.id))[0]?.notified_at).toBe(saved + 3 * MINUTE);
  });

  it('counts the time a collection waits for its turn in order toward the queue-wait notification', async () => {
    const ids = [await collection('Long_First'), await collection('Waits_Its_Turn')];
    const saved = utc('2026-06-01T00:00:00Z');
    const row = await schedule({ testStatusIdList: ids, inOrder: true, notifyOnWaitInQueue: true, waitInMinutesBeforeNotify: 2, scheduleNotifyEmails: 'ops@example.com' }, saved);
    await tick(saved + MINUTE);
    const [firing] = await firings(row.id);
    const [first] = await runsOf(firing?.id ?? '');
    // The first collection runs long; the second stays PENDING, never queued.
    await db().updateTable('runs').set({ state: 'RUNNING' }).where('status_id', '=', first?.status_id ?? '').execute();
    await tick(saved + 2 * MINUTE);
    const notifications = () => db().selectFrom('schedule_notes').select(['text', 'at']).where('kind', '=', 'NOTIFICATION').execute();
    expect(await notifications()).toEqual([]);
    await tick(saved + 3 * MINUTE + 1);
    await tick(saved + 4 * MINUTE);
    expect(await notifications()).toEqual([
      { text: 'Notification: Waits_Its_Turn has waited more than 2 minute(s) in the queue', at: saved + 3 * MINUTE + 1 },
    ]);
  });

  it('records a late tick as missed in neutral words, whatever made it late', async () => {
    const id = await collection('Every_Minute');
    const saved = utc('2026-06-01T00:00:00Z');
    const row = await schedule(
      { testStatusIdList: [id], scheduleData: { type: 2, recurEveryDays: 1, weekDays: [0, 0, 0, 0, 0, 0, 0], recurDurationType: 'Minutes', recurEveryMinutes: 1, executionsPerDay: 1440 } },
      saved,
    );
    await tick(saved + MINUTE);
    // The next tick comes 3 minutes late (a busy server): two executions passed unfired.
    await tick(saved + 4 * MINUTE + 500);
    const all = await firings(row.id);
    expect(all.map((firing) => [firing.kind, firing.planned_at])).toEqual([
      ['SCHEDULED', saved + MINUTE],
      ['MISSED', saved + 2 * MINUTE],
      ['SCHEDULED', saved + 4 * MINUTE],
    ]);
    expect(await notesOf(all[1]?.id ?? '')).toEqual([
      `Missed: not fired at the planned time (the server was down or too busy): 2 execution(s), ${new Date(saved + 2 * MINUTE).toISOString()} to ${new Date(saved + 3 * MINUTE).toISOString()}`,
    ]);
  });
});
