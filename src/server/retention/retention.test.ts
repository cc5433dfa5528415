import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';
import { ORGANIZATION_MESSAGES } from '../../shared/contracts/organizations';
import { RETENTION_DEFAULTS, RETENTION_MESSAGES, retentionResponseSchema, retentionSavedResponseSchema } from '../../shared/contracts/retention';
import { runDetailsResponseSchema } from '../../shared/contracts/runs';
import type { RunState } from '../db/schema-runs';
import { DAY_MS } from '../../shared/durations';
import { endpoints } from '../../shared/endpoints';
import { createMetrics } from '../metrics/metrics';
import { artifactsRoot } from '../runs/artifacts';
import { initialProgress } from '../runs/progress';
import { appendLog, insertStepResult } from '../runs/repository';
import type { TickHandler } from '../schedules/scheduler';
import { historyStepResult, insertHistoryRuns } from '../testing/historyFixtures';
import { licensedOrganization, sendJson, type LicensedOrganization } from '../testing/licensedOrganization';
import { startTestServer, type TestServer } from '../testing/testServer';
import { purgeExpired, scheduleRetentionPurge } from './purge';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

describe('retention', { timeout: 60_000 }, () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.tokenFor(t.admin);
  });
  afterAll(async () => t.close());

  const db = () => t.server.services.db;
  const errorOf = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return errorBodySchema.parse(await response.json());
  };

  /** A finished (or queued, running) run of the organization that ended `days` ago, with a step, a log line and a file. */
  async function seedRun(client: LicensedOrganization, days: number, state: RunState = 'PASSED', collectionId = 'c1'): Promise<string> {
    const ended = daysAgo(days);
    const finished = state !== 'QUEUED' && state !== 'RUNNING';
    const [statusId = ''] = await insertHistoryRuns(db(), [
      { orgId: client.orgId, collectionId, state, submitted: ended, started: state === 'QUEUED' ? null : ended, completed: finished ? ended : null },
    ]);
    await insertStepResult(db(), {
      ...historyStepResult({ statusId, flowId: 'f1', flowIndex: 0, stepId: 's1', result: 'PASSED', at: ended }),
      images: [{ path: `${statusId}/0001-shot.png`, name: '0001-shot.png' }],
    });
    // A report needs the progress a real run carries.
    await db().updateTable('runs').set({ progress: JSON.stringify(initialProgress()) }).where('status_id', '=', statusId).execute();
    await appendLog(db(), statusId, 'a line');
    await db()
      .insertInto('run_flow_results')
      .values({ status_id: statusId, flow_id: 'f1', org_id: client.orgId, collection_id: collectionId, flow_name: 'Flow f1', ended_at: ended, collection_hash: null, resource_kind: null, result: 'PASSED', passed_on_retry: 0, first_failed_id: null, previous_result: null, previous_ended_at: null })
      .execute();
    const dir = join(artifactsRoot(t.server.services.filesDir), statusId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0001-shot.png'), 'png bytes');
    return statusId;
  }

  async function rowsOf(statusId: string) {
    const count = async (table: 'runs' | 'step_results' | 'run_logs' | 'run_flow_results') =>
      (await db().selectFrom(table).select('status_id').where('status_id', '=', statusId).execute()).length;
    return { runs: await count('runs'), steps: await count('step_results'), logs: await count('run_logs'), flowResults: await count('run_flow_results') };
  }
  const fileOf = (statusId: string) => join(artifactsRoot(t.server.services.filesDir), statusId, '0001-shot.png');

  it('answers the defaults until a setting is saved, then the saved one', async () => {
    const client = await licensedOrganization(t);
    const read = retentionResponseSchema.parse(await (await t.request(endpoints.organizations.retention(client.orgId), { token: admin })).json());
    expect(read.data).toEqual({ orgId: client.orgId, ...RETENTION_DEFAULTS, updatedAt: null, updatedBy: null });
    expect(RETENTION_DEFAULTS).toEqual({ runsDays: 90, artifactsDays: 30, auditDays: 365 });

    const saved = await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 60, artifactsDays: 60, auditDays: 400 }, admin);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = retentionSavedResponseSchema.parse(await saved.json());
    expect(body.message).toBe(RETENTION_MESSAGES.saved);
    expect(body.data).toMatchObject({ runsDays: 60, artifactsDays: 60, auditDays: 400 });
    const again = retentionResponseSchema.parse(await (await t.request(endpoints.organizations.retention(client.orgId), { token: admin })).json());
    expect(again.data).toMatchObject({ runsDays: 60, artifactsDays: 60, auditDays: 400 });
    expect(again.data.updatedAt).not.toBeNull();
    const row = await db().selectFrom('retention_settings').select(['audit_days']).where('org_id', '=', client.orgId).executeTakeFirstOrThrow();
    expect(row.audit_days).toBe(400);

    // The audit trail names each change: the first save a create, the next an update, one that changes nothing none.
    await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 60, artifactsDays: 30, auditDays: 400 }, admin);
    await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 60, artifactsDays: 30, auditDays: 400 }, admin);
    const entries = await db().selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('entity_type', '=', 'retention').where('entity_id', '=', client.orgId).orderBy('seq').execute();
    expect(entries).toEqual([
      { action: 'create', before_json: null, after_json: JSON.stringify({ runsDays: 60, artifactsDays: 60, auditDays: 400 }) },
      { action: 'update', before_json: JSON.stringify({ runsDays: 60, artifactsDays: 60, auditDays: 400 }), after_json: JSON.stringify({ runsDays: 60, artifactsDays: 30, auditDays: 400 }) },
    ]);
  });

  it("deletes the audit entries older than the organization's audit retention, and keeps the others", async () => {
    const client = await licensedOrganization(t);
    await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 90, artifactsDays: 30, auditDays: 100 }, admin);
    const entry = (days: number, entityId: string) => ({
      at: daysAgo(days), org_id: client.orgId, actor_id: 'someone', actor_name: 'Some One', entity_type: 'variable', entity_id: entityId, action: 'update' as const, before_json: null, after_json: null,
    });
    await db().insertInto('audit_log').values([entry(101, 'old-1'), entry(150, 'old-2'), entry(99, 'recent')]).execute();
    const result = await purgeExpired(db(), t.server.services.filesDir, NOW, { batchRuns: 1 });
    expect(result.auditEntriesDeleted).toBeGreaterThanOrEqual(2);
    const left = await db().selectFrom('audit_log').select('entity_id').where('org_id', '=', client.orgId).where('entity_type', '=', 'variable').execute();
    expect(left.map((row) => row.entity_id)).toEqual(['recent']);
  });

  it('answers 400 with a message per field to bad input, never 500', async () => {
    const client = await licensedOrganization(t);
    const put = (body: unknown) => sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', body, admin);
    const longer = await errorOf(await put({ runsDays: 10, artifactsDays: 11, auditDays: 365 }), 400);
    expect(longer.fieldErrors).toEqual({ artifactsDays: [RETENTION_MESSAGES.artifactsLongerThanRuns] });
    const fractions = await errorOf(await put({ runsDays: 1.5, artifactsDays: 0, auditDays: 5000 }), 400);
    expect(fractions.fieldErrors).toEqual({
      runsDays: ['Runs: enter a whole number of days.'],
      artifactsDays: ['Artifacts must be between 1 and 3650 days.'],
      auditDays: ['Audit trail must be between 1 and 3650 days.'],
    });
    const words = await errorOf(await put({ runsDays: 'ninety' }), 400);
    expect(words.fieldErrors).toMatchObject({ runsDays: ['Runs: enter a number of days.'], artifactsDays: ['Artifacts: enter a number of days.'] });
    expect(words.message).toContain('runsDays: Runs: enter a number of days.');
    await errorOf(await t.request(endpoints.organizations.retention(client.orgId), { method: 'PUT', token: admin, headers: { 'content-type': 'application/json' }, body: '{' }), 400);
    // Nothing was saved.
    expect(await db().selectFrom('retention_settings').select('org_id').where('org_id', '=', client.orgId).executeTakeFirst()).toBeUndefined();
  });

  it("needs ORGANIZATIONS_MANAGEMENT, and an organization administrator reads and sets its own organization's only", async () => {
    const client = await licensedOrganization(t);
    const other = await licensedOrganization(t);
    const studio = await client.tokenFor(['STUDIO']);
    await errorOf(await t.request(endpoints.organizations.retention(client.orgId), { token: studio }), 403);
    await errorOf(await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', RETENTION_DEFAULTS, studio), 403);

    const orgAdmin = await client.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    expect((await t.request(endpoints.organizations.retention(client.orgId), { token: orgAdmin })).status).toBe(200);
    const own = await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 30, artifactsDays: 7, auditDays: 365 }, orgAdmin);
    expect(own.status).toBe(200);
    const foreign = await errorOf(await t.request(endpoints.organizations.retention(other.orgId), { token: orgAdmin }), 404);
    expect(foreign.message).toBe(ORGANIZATION_MESSAGES.notFound);
    await errorOf(await sendJson(t, endpoints.organizations.retention(other.orgId), 'PUT', RETENTION_DEFAULTS, orgAdmin), 404);
    await errorOf(await t.request(endpoints.organizations.retention('no-such-org'), { token: admin }), 404);
  });

  it('deletes expired runs with their rows and files, and keeps queued, running and pinned runs', async () => {
    const client = await licensedOrganization(t);
    const expired = await seedRun(client, 120, 'FAILED');
    const expiredCancelled = await seedRun(client, 91, 'CANCELLED');
    const recent = await seedRun(client, 10);
    const queued = await seedRun(client, 200, 'QUEUED');
    const running = await seedRun(client, 200, 'RUNNING');
    const pinned = await seedRun(client, 150, 'PASSED', 'pinned-collection');
    const pinnedOtherCollection = await seedRun(client, 150, 'PASSED', 'another-collection');
    const day = daysAgo(150).slice(0, 10);
    await db()
      .insertInto('dashboard_reports')
      .values({
        id: `report-${client.orgId}`,
        org_id: client.orgId,
        title: 'Release week',
        settings: JSON.stringify({ timeFrame: { type: 'custom', name: 'Custom', fromDate: day, toDate: day }, testPlans: ['pinned-collection'] }),
        elements: '[]',
        created_by: 'someone',
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();

    const result = await purgeExpired(db(), t.server.services.filesDir, NOW, { batchRuns: 1 });
    expect(result.runsDeleted).toBeGreaterThanOrEqual(3);

    for (const gone of [expired, expiredCancelled, pinnedOtherCollection]) {
      expect(await rowsOf(gone)).toEqual({ runs: 0, steps: 0, logs: 0, flowResults: 0 });
      expect(existsSync(join(artifactsRoot(t.server.services.filesDir), gone))).toBe(false);
    }
    for (const kept of [recent, queued, running, pinned]) expect(await rowsOf(kept)).toEqual({ runs: 1, steps: 1, logs: 1, flowResults: 1 });
    // Queued and running runs keep their files too; the pinned run is past the artifact retention, so its files went.
    for (const withFiles of [recent, queued, running]) expect(existsSync(fileOf(withFiles))).toBe(true);
    expect(existsSync(fileOf(pinned))).toBe(false);
  });

  it("removes only the files past the artifact retention, and the report says the screenshot was removed", async () => {
    const client = await licensedOrganization(t);
    const old = await seedRun(client, 40);
    const fresh = await seedRun(client, 5);
    const result = await purgeExpired(db(), t.server.services.filesDir, NOW);
    expect(result.runsEmptied).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(old))).toBe(false);
    expect(existsSync(fileOf(fresh))).toBe(true);
    expect(await rowsOf(old)).toEqual({ runs: 1, steps: 1, logs: 1, flowResults: 1 });

    const reader = await client.tokenFor(['STUDIO']);
    const answer = await t.request(`${endpoints.runs.details}?id=${old}`, { token: reader });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const details = runDetailsResponseSchema.parse(await answer.json()).data;
    expect(details.artifactsRemovedAt).toBe(NOW.toISOString());
    expect(details.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[0]?.images).toHaveLength(1);
    const freshDetails = runDetailsResponseSchema.parse(await (await t.request(`${endpoints.runs.details}?id=${fresh}`, { token: reader })).json()).data;
    expect(freshDetails.artifactsRemovedAt).toBeNull();
    const html = await (await t.request(endpoints.runs.report(old), { token: reader })).text();
    expect(html).toContain(RETENTION_MESSAGES.screenshotRemoved);

    // A second purge finds nothing more to do for these runs.
    await purgeExpired(db(), t.server.services.filesDir, NOW);
    expect(await rowsOf(old)).toEqual({ runs: 1, steps: 1, logs: 1, flowResults: 1 });
  });

  it('follows a saved setting, and the scheduled purge runs on the leader and counts what it deleted', async () => {
    const client = await licensedOrganization(t);
    await sendJson(t, endpoints.organizations.retention(client.orgId), 'PUT', { runsDays: 5, artifactsDays: 2, auditDays: 365 }, admin);
    const gone = await seedRun(client, 6);
    const kept = await seedRun(client, 4);

    let handler: TickHandler | undefined;
    const scheduler = {
      registerTickHandler: (_name: string, registered: TickHandler) => {
        handler = registered;
        return () => undefined;
      },
    };
    const metrics = createMetrics(db());
    let leads = false;
    const leadership = { isLeader: () => Promise.resolve(leads), leads: () => leads, close: () => Promise.resolve() };
    const purge = scheduleRetentionPurge({ db: db(), filesDir: t.server.services.filesDir, scheduler, leadership, metrics });
    try {
      // A replica that does not lead never purges.
      await handler?.(NOW);
      expect(await rowsOf(gone)).toMatchObject({ runs: 1 });
      leads = true;
      await handler?.(NOW);
      await expect.poll(async () => /studio_retention_runs_deleted_total [1-9]/.test(await metrics.scrape())).toBe(true);
      expect(await rowsOf(gone)).toEqual({ runs: 0, steps: 0, logs: 0, flowResults: 0 });
      const text = await metrics.scrape();
      expect(text).toMatch(/studio_retention_artifacts_deleted_total [1-9]/);
      expect(text).toMatch(/studio_retention_last_purge_duration_seconds \d/);
      expect(await rowsOf(kept)).toMatchObject({ runs: 1 });
      expect(existsSync(fileOf(kept))).toBe(false);
    } finally {
      await purge.stop();
    }
  });
});
