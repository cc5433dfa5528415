import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfDataset } from '../../shared/contracts/dashboards';
import { runSearchResponseSchema } from '../../shared/contracts/operations';
import { TRIGGERED_BY_TEXT } from '../../shared/contracts/runs';
import { runNowResponseSchema, scheduleExecutionDetailsResponseSchema, scheduleResponseSchema } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import { analyticsDataOf } from '../dashboards/datasets';
import { backfillRunSchedules } from '../db/migrations/0022_run_schedule';
import { scheduleTick } from '../schedules/scheduleFiring';
import { fixedWaitBrowserWork } from '../testing/fixedWaitBrowserWork';
import { browserCollection, dailySchedule, runDetails, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

const SCHEDULE = 'Nightly smoke';
const ADMIN_NAME = 'Studio Administrator';

/**
 * Issue 27: a run a schedule queued names the schedule wherever runs say who started them (the Operations Centre's
 * history and its exports, the report, the HTML report, the dashboards' Triggered By, the Collection Execution of a
 * firing), on SQLite and on PostgreSQL; a run a user started names the user.
 */
// The first test to need the runs fires the schedule and waits for the runs to pass, within its own time.
describe('who triggered a run', { timeout: 60_000 }, () => {
  let t: TestServer;
  let token: string;
  const statusIds = { scheduled: '', runNow: '', user: '' };

  const send = (path: string, method = 'GET', body?: unknown) =>
    t.request(path, { method, token, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });

  /** The status id of the one run of each firing of the schedule, by the firing's kind. */
  async function runsOfFirings(scheduleId: string): Promise<Record<string, string>> {
    const rows = await t.server.services.db
      .selectFrom('schedule_executions as firing')
      .innerJoin('schedule_execution_items as item', 'item.execution_id', 'firing.id')
      .select(['firing.kind', 'item.status_id'])
      .where('firing.schedule_id', '=', scheduleId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.kind, row.status_id ?? '']));
  }

  beforeAll(async () => {
    // Runs pass after a short wait without a browser: this test is about who started them.
    t = await startTestServer({ browserPoolSize: 1, browserWork: fixedWaitBrowserWork(10) });
    token = await t.tokenFor(t.admin);
  });

  let fired: Promise<void> | undefined;
  /** A timed firing of the schedule, its Run Now, and a run the administrator triggers, all passed. */
  const fireAndRun = () => (fired ??= fireAndRunOnce());
  async function fireAndRunOnce(): Promise<void> {
    const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }));
    const saved = await send(endpoints.schedules.save, 'POST', dailySchedule([collectionId], { name: SCHEDULE }));
    const schedule = scheduleResponseSchema.parse(await saved.json()).data;

    // The schedule fires at its planned time (the scheduler's tick, with its clock at the start time) ...
    const { services } = t.server;
    await scheduleTick(services.db, services.runs, schedule.startTime);
    // ... the administrator presses its Run Now, and triggers the collection by hand.
    runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    const firings = await runsOfFirings(schedule.id);
    expect(Object.keys(firings).sort()).toEqual(['RUN_NOW', 'SCHEDULED']);
    statusIds.scheduled = firings.SCHEDULED ?? '';
    statusIds.runNow = firings.RUN_NOW ?? '';
    statusIds.user = await trigger(t, token, collectionId);
    for (const statusId of Object.values(statusIds)) expect((await waitForRun(t, token, statusId)).testStatus).toBe('PASSED');
  }
  afterAll(async () => t.close());

  const expected = () => ({
    [statusIds.scheduled]: TRIGGERED_BY_TEXT.schedule(SCHEDULE),
    [statusIds.runNow]: TRIGGERED_BY_TEXT.scheduleRunNow(SCHEDULE, ADMIN_NAME),
    [statusIds.user]: ADMIN_NAME,
  });

  it('reads "Schedule: <name>", "Schedule: <name> (Run Now by <user>)" or the user, in the history, the report and its HTML', async () => {
    await fireAndRun();
    expect(TRIGGERED_BY_TEXT.schedule(SCHEDULE)).toBe('Schedule: Nightly smoke');
    expect(TRIGGERED_BY_TEXT.scheduleRunNow(SCHEDULE, ADMIN_NAME)).toBe('Schedule: Nightly smoke (Run Now by Studio Administrator)');

    const search = runSearchResponseSchema.parse(await (await send(`${endpoints.runs.search}?data=${encodeURIComponent('{}')}`)).json());
    const history = Object.fromEntries(search.data.map((row) => [row.statusId, row.userTriggeredName]));
    expect(history).toEqual(expected());

    for (const [statusId, name] of Object.entries(expected())) {
      const details = await runDetails(t, token, statusId);
      expect(details.triggeredByName).toBe(name);
      // The user stays the run's author: the schedule's, or whoever pressed Run Now.
      expect(details.triggeredBy).toBe(t.admin.email);
      const html = await (await send(endpoints.runs.report(statusId))).text();
      expect(html).toContain(`<th>Triggered by</th><td>${name}</td>`);
    }
  });

  it("names the schedule in a firing's Collection Execution and in the dashboards' Triggered By", async () => {
    await fireAndRun();
    const db = t.server.services.db;
    const executions = await db.selectFrom('schedule_executions').select(['id', 'kind']).execute();
    const executedBy: Record<string, string[]> = {};
    for (const { id, kind } of executions) {
      const details = scheduleExecutionDetailsResponseSchema.parse(await (await send(endpoints.schedules.executionDetails(id))).json()).data;
      executedBy[kind] = details.collections.map((row) => row.userTriggeredName);
    }
    expect(executedBy).toEqual({ SCHEDULED: [TRIGGERED_BY_TEXT.schedule(SCHEDULE)], RUN_NOW: [TRIGGERED_BY_TEXT.scheduleRunNow(SCHEDULE, ADMIN_NAME)] });

    const { orgId } = await db.selectFrom('users').select('org_id as orgId').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow();
    const dataset = await analyticsDataOf(db, { orgId, range: { startDate: Date.now() - 60 * 60_000, endDate: Date.now() + 60_000 }, scope: 'all' });
    expect(rowsOfDataset(dataset).map((row) => row.triggeredBy).sort()).toEqual(Object.values(expected()).sort());
  });

  it('gives runs queued before migration 0022 the schedule of the firing that queued them, and leaves the others alone', async () => {
    await fireAndRun();
    const db = t.server.services.db;
    const ids = Object.values(statusIds);
    await db.updateTable('runs').set({ schedule_name: null, schedule_kind: null }).where('status_id', 'in', ids).execute();
    await backfillRunSchedules(db);
    const rows = await db.selectFrom('runs').select(['status_id', 'schedule_name', 'schedule_kind']).where('status_id', 'in', ids).execute();
    expect(Object.fromEntries(rows.map((row) => [row.status_id, [row.schedule_name, row.schedule_kind]]))).toEqual({
      [statusIds.scheduled]: [SCHEDULE, 'SCHEDULED'],
      [statusIds.runNow]: [SCHEDULE, 'RUN_NOW'],
      [statusIds.user]: [null, null],
    });
  });
});
