import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserFailedSchema } from '../../shared/contracts/users';
import { errorBodySchema } from '../../shared/contracts/errors';
import { LICENSE_MESSAGES, organizationResponseSchema } from '../../shared/contracts/organizations';
import { runningTabDataResponseSchema } from '../../shared/contracts/runs';
import { scheduleResponseSchema } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import { scheduleTick } from '../schedules/scheduleFiring';
import { licensedOrganization, sendJson, type LicensedOrganization } from '../testing/licensedOrganization';
import { browserCollection, dailySchedule, saveCollection, startRunServers, trigger, waitForRun, type RunServers } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { startedMinutes } from './enforcement';

const DAY = 86_400_000;

const newUser = (n: number) => ({ firstName: 'New', lastName: `User ${n}`, emailAddress: `seat${n}-${Date.now()}@example.test`, password: 'Secret-pass-1' });

describe('startedMinutes', () => {
  it('counts every started minute', () => {
    const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms).toISOString();
    expect([startedMinutes(at(0), at(0)), startedMinutes(at(0), at(1)), startedMinutes(at(0), at(60_000)), startedMinutes(at(0), at(61_000))]).toEqual([0, 1, 1, 2]);
  });
});

describe('licence enforcement without browsers', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  const setLicense = (org: LicensedOrganization, values: { expires_at?: string; credit?: number | null; credit_used?: number }) =>
    t.server.services.db.updateTable('licenses').set(values).where('id', '=', org.licenseId).execute();

  it("refuses a user over the licence's active users, counting active ones only", async () => {
    const org = await licensedOrganization(t, { users: 2 });
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    expect((await sendJson(t, endpoints.users.list, 'POST', newUser(1), orgAdmin)).status).toBe(200);
    const refused = await sendJson(t, endpoints.users.list, 'POST', newUser(2), orgAdmin);
    expect(refused.status).toBe(403);
    expect(createUserFailedSchema.parse(await refused.json())).toMatchObject({ message: LICENSE_MESSAGES.usersFull(2), data: { Failed: LICENSE_MESSAGES.usersFull(2) } });
    // A deactivated user frees its seat.
    await t.server.services.db.updateTable('users').set({ active: 0 }).where('org_id', '=', org.orgId).where('user_id', 'like', 'seat1-%').execute();
    expect((await sendJson(t, endpoints.users.list, 'POST', newUser(3), orgAdmin)).status).toBe(200);
    // The platform organization has no licence: no cap.
    const admin = await t.tokenFor(t.admin);
    for (const n of [4, 5, 6]) expect((await sendJson(t, endpoints.users.list, 'POST', newUser(n), admin)).status).toBe(200);
  });

  it('gives the last seats once when administrators take them at the same time', async () => {
    const org = await licensedOrganization(t, { users: 3 });
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    const answers = await Promise.all([10, 11, 12, 13, 14, 15].map((n) => sendJson(t, endpoints.users.list, 'POST', newUser(n), orgAdmin)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    const active = await t.server.services.db.selectFrom('users').select('id').where('org_id', '=', org.orgId).where('active', '=', 1).execute();
    expect(active).toHaveLength(3);
  });

  it('refuses runs, Run Now and schedule firings once the licence expired, and runs once the credit is spent', async () => {
    const org = await licensedOrganization(t);
    const token = await org.tokenFor(['STUDIO', 'CONTROL_ROOM']);
    const collectionId = await saveCollection(t, token, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 's', action: 'open', value: 'about:blank' }] }] }));
    const saved = await sendJson(t, endpoints.schedules.save, 'POST', dailySchedule([collectionId]), token);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const scheduleId = scheduleResponseSchema.parse(await saved.json()).data.id;

    const expiresAt = new Date(Date.now() - 2 * DAY).toISOString();
    await setLicense(org, { expires_at: expiresAt });
    const expired = LICENSE_MESSAGES.expired(expiresAt.slice(0, 10));
    const triggered = await t.request(`${endpoints.runs.trigger}?id=${collectionId}`, { token });
    expect(triggered.status).toBe(403);
    expect(errorBodySchema.parse(await triggered.json()).message).toBe(expired);
    const runNow = await sendJson(t, endpoints.schedules.runNow, 'PUT', { id: scheduleId }, token);
    expect(runNow.status).toBe(403);
    expect(errorBodySchema.parse(await runNow.json()).message).toBe(expired);

    // The planned firing comes: it is recorded, refused, with the reason, and queues nothing. It is planned an hour
    // ahead and this tick's clock is given, so the server's own tick loop, on the real clock, cannot take it first.
    const db = t.server.services.db;
    const planned = Date.now() + 60 * 60_000;
    const now = planned + 1000;
    await db.updateTable('schedules').set({ next_execution_at: planned }).where('id', '=', scheduleId).execute();
    await scheduleTick(db, t.server.services.runs, now);
    const firings = await db.selectFrom('schedule_executions').selectAll().where('schedule_id', '=', scheduleId).execute();
    expect(firings.map((firing) => [firing.kind, firing.status])).toEqual([['SCHEDULED', 'MISSED']]);
    const notes = await db.selectFrom('schedule_notes').select('text').where('execution_id', '=', firings[0]?.id ?? '').execute();
    expect(notes.map((note) => note.text)).toEqual([expired]);
    expect(await db.selectFrom('runs').select('status_id').where('org_id', '=', org.orgId).execute()).toEqual([]);
    expect((await db.selectFrom('schedules').select('next_execution_at').where('id', '=', scheduleId).executeTakeFirstOrThrow()).next_execution_at).toBeGreaterThan(now);

    // Renewed, but its run minutes are all used.
    await setLicense(org, { expires_at: new Date(Date.now() + DAY).toISOString(), credit: 10, credit_used: 10 });
    const spent = await t.request(`${endpoints.runs.trigger}?id=${collectionId}`, { token });
    expect(spent.status).toBe(403);
    expect(errorBodySchema.parse(await spent.json()).message).toBe(LICENSE_MESSAGES.creditSpent);
    await setLicense(org, { credit: 11 });
    expect((await t.request(`${endpoints.runs.trigger}?id=${collectionId}`, { token })).status).toBe(200);
  });
});

describe('licence parallels and credit with real Chromium', { timeout: 120_000 }, () => {
  let servers: RunServers;
  beforeAll(async () => {
    servers = await startRunServers([], { browserPoolSize: 3 });
  });
  afterAll(async () => servers.close());

  it('keeps a third run queued while two run, with the hint, and charges the minutes they started', async () => {
    const { t, pages } = servers;
    const org = await licensedOrganization(t, { parallels: 2, credit: 1_000 });
    const token = await org.tokenFor(['STUDIO']);
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({
        flows: [
          {
            testCaseId: 'slow',
            steps: [
              { stepId: 'o', action: 'open', value: `${pages.origin}/list` },
              { stepId: 'w', action: 'waitFor', target: '#never-there', timeoutMs: 2_500 },
            ],
          },
        ],
      }),
    );
    const statusIds = [await trigger(t, token, collectionId), await trigger(t, token, collectionId), await trigger(t, token, collectionId)];

    let sawHint = false;
    let maxRunning = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const tab = runningTabDataResponseSchema.parse(await (await t.request(endpoints.runs.runningTabData, { token })).json()).data.runningTestStatus;
      const running = tab.filter((run) => run.result === 'RUNNING').length;
      maxRunning = Math.max(maxRunning, running);
      if (running === 2 && tab.some((run) => run.result === 'QUEUED' && run.queueHint === LICENSE_MESSAGES.parallelsBusy(2))) sawHint = true;
      if (tab.length === 0 || Date.now() > deadline) break;
      await new Promise((resolveSleep) => setTimeout(resolveSleep, 50));
    }
    expect(sawHint).toBe(true);
    expect(maxRunning).toBe(2);

    const runs = await Promise.all(statusIds.map((statusId) => waitForRun(t, token, statusId)));
    const rows = await t.server.services.db.selectFrom('runs').selectAll().where('status_id', 'in', statusIds).orderBy('time_started').execute();
    expect(rows.every((row) => row.time_started !== null)).toBe(true);
    // The last one started only once one of the first two had ended.
    const firstEnd = Math.min(...rows.slice(0, 2).map((row) => Date.parse(row.time_completed ?? '')));
    expect(Date.parse(rows[2]?.time_started ?? '')).toBeGreaterThanOrEqual(firstEnd);
    expect(runs.map((run) => run.testStatus)).toEqual(['FAILED', 'FAILED', 'FAILED']);

    const admin = await t.tokenFor(t.admin);
    const details = organizationResponseSchema.parse(await (await t.request(endpoints.organizations.byId(org.orgId), { token: admin })).json()).data;
    expect(details.licenseDetails?.creditUsed).toBe(3);
    expect(details.runningNow).toBe(0);
  });
});
