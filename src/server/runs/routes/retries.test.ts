import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionResponseSchema, RETRIES_MESSAGE } from '../../../shared/contracts/collections';
import { datasetResponseSchema, rowsOfDataset } from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  failureClassificationResponseSchema,
  flakyFlowsResponseSchema,
  flowHistoryResponseSchema,
  passedOnRetryLogLine,
  retryLogLine,
} from '../../../shared/contracts/flakiness';
import { runNowResponseSchema, scheduleExecutionDetailsResponseSchema, scheduleResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { browserCollection, dailySchedule, saveCollection, startRunServers, trigger, waitForRun } from '../../testing/runFixtures';
import type { Db } from '../../db/database';
import type { StepResultValue } from '../../db/schema-runs';
import { trailingPasses } from '../../quarantine/runEnd';
import { historyStepResult, insertHistoryRuns } from '../../testing/historyFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { analyticsDataOf } from '../../dashboards/datasets';
import { flipsSinceRecovery } from '../failureClassification';
import { outcomesOf, recordRunFlowResults } from '../flowResults';
import { finishRun, insertStepResult } from '../repository';

/**
 * A page whose text changes with each request: "Not ready" on the first, "Ready" after. A flow asserting "Ready" fails
 * on its first attempt and passes on its retry, for a reason the test controls rather than chance.
 */
async function startCountingPage(): Promise<{ origin: string; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Counter</title><p id="state">${requests === 1 ? 'Not ready' : 'Ready'}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// Each run launches Chromium; a loaded machine needs more than the default 20 s.
describe('retries of failed flows in real Chromium (issue 29)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let token: string;
  let pagesOrigin: string;

  beforeAll(async () => {
    const servers = await startRunServers(['STUDIO', 'CONTROL_ROOM', 'OPERATIONS_CENTER', 'DASHBOARD_PUBLISHED'], { browserPoolSize: 1 });
    ({ t, token } = servers);
    pagesOrigin = servers.pages.origin;
    return servers.close;
  });

  const send = (path: string, method: string, body?: unknown) =>
    t.request(path, { method, token, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });

  it('runs a flow that fails on its first attempt again: it ends PASSED on retry 1, with both attempts kept', async () => {
    const page = await startCountingPage();
    try {
      const collectionId = await saveCollection(
        t,
        token,
        browserCollection({
          retries: 2,
          flows: [
            {
              testCaseId: 'warms-up',
              steps: [
                { stepId: 'open', action: 'open', value: `${page.origin}/state` },
                { stepId: 'ready', action: 'assertText', target: '#state', value: 'Ready', timeoutMs: 500 },
              ],
            },
            { testCaseId: 'steady', steps: [{ stepId: 'list', action: 'open', value: `${pagesOrigin}/list` }] },
          ],
        }),
      );
      const details = await waitForRun(t, token, await trigger(t, token, collectionId));

      expect(details.testStatus).toBe('PASSED');
      const [warmsUp, steady] = details.testCaseDetails;
      expect(warmsUp).toMatchObject({ testCaseName: 'warms-up', testCaseResult: 'PASSED', attempt: 2, failedTestStep: null });
      expect(warmsUp?.testCaseDetailByLoop[0]?.steps.map((step) => step.result)).toEqual(['PASSED', 'PASSED']);
      expect(warmsUp?.earlierAttempts).toHaveLength(1);
      const first = warmsUp?.earlierAttempts?.[0];
      expect(first).toMatchObject({ attempt: 1, result: 'FAILED' });
      expect(first?.testCaseDetailByLoop[0]?.steps.map((step) => [step.stepId, step.result])).toEqual([
        ['open', 'PASSED'],
        ['ready', 'FAILED'],
      ]);
      // The failed attempt keeps its screenshot.
      expect(first?.failureImagesList).toHaveLength(1);
      expect(first?.testCaseDetailByLoop[0]?.steps[1]?.images).toHaveLength(1);
      // A flow that passed at once is not marked.
      expect(steady?.attempt).toBeUndefined();
      expect(steady?.earlierAttempts).toBeUndefined();

      // The run's figures count the last attempts: no failed step, both flows passed.
      expect(details.progress).toMatchObject({ passedSteps: 3, failedSteps: 0, skippedSteps: 0, passedCases: 2, failedCases: 0, totalProgress: 100 });
      const log = details.logsList.map((line) => line.value);
      expect(log).toContain(retryLogLine('warms-up', 1, 2));
      expect(log).toContain(passedOnRetryLogLine('warms-up', 1));

      // Every attempt is stored; only the first is superseded.
      const rows = await t.server.services.db
        .selectFrom('step_results')
        .select(['step_id', 'attempt', 'superseded', 'result'])
        .where('status_id', '=', details.statusId)
        .where('flow_id', '=', 'warms-up')
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { step_id: 'open', attempt: 1, superseded: 1, result: 'PASSED' },
        { step_id: 'ready', attempt: 1, superseded: 1, result: 'FAILED' },
        { step_id: 'open', attempt: 2, superseded: 0, result: 'PASSED' },
        { step_id: 'ready', attempt: 2, superseded: 0, result: 'PASSED' },
      ]);
      const run = await t.server.services.db
        .selectFrom('runs')
        .select(['retries', 'passed_on_retry_flows', 'flaky_flows'])
        .where('status_id', '=', details.statusId)
        .executeTakeFirstOrThrow();
      expect(run).toEqual({ retries: 2, passed_on_retry_flows: 1, flaky_flows: 1 });

      // The flow's history marks the pass as one on a retry.
      const history = flowHistoryResponseSchema.parse(await (await send(`${endpoints.flakiness.flowHistory}?collectionId=${collectionId}`, 'GET')).json()).data;
      expect(history.flows.map((flow) => [flow.flowId, flow.results.map((result) => [result.result, result.passedOnRetry])])).toEqual([
        ['warms-up', [['PASSED', 1]]],
        ['steady', [['PASSED', undefined]]],
      ]);

      // Analytics Data counts it per run.
      const orgId = (await findUserByUserId(t.server.services.db, t.admin.email))?.org_id ?? '';
      const range = new URLSearchParams({ startDate: String(Date.now() - 3_600_000), endDate: String(Date.now() + 60_000) });
      const analytics = await send(`${endpoints.dashboards.botAnalytics(orgId)}?${range.toString()}&testChainId=${collectionId}`, 'GET');
      expect(analytics.status, await analytics.clone().text()).toBe(200);
      const rowsOfRun = rowsOfDataset(datasetResponseSchema.parse(await analytics.json()).data);
      expect(rowsOfRun).toEqual([expect.objectContaining({ result: 'PASSED', passedSteps: 3, failedSteps: 0, flaky: 1, passedOnRetry: 1 })]);
    } finally {
      await page.close();
    }
  });

  it('fails a flow that fails on every attempt, after its retries, with each attempt in the report', async () => {
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({
        retries: 1,
        flows: [{ testCaseId: 'never', steps: [{ stepId: 'missing', action: 'assertVisible', target: '#never-there', timeoutMs: 300 }] }],
      }),
    );
    const details = await waitForRun(t, token, await trigger(t, token, collectionId));
    expect(details.testStatus).toBe('FAILED');
    const [never] = details.testCaseDetails;
    expect(never).toMatchObject({ testCaseResult: 'FAILED', attempt: 2, failedTestStep: 'missing' });
    expect(never?.earlierAttempts?.map((attempt) => [attempt.attempt, attempt.result])).toEqual([[1, 'FAILED']]);
    expect(details.progress).toMatchObject({ failedSteps: 1, failedCases: 1, passedCases: 0 });
    const run = await t.server.services.db.selectFrom('runs').select(['passed_on_retry_flows', 'flaky_flows']).where('status_id', '=', details.statusId).executeTakeFirstOrThrow();
    // Failing on every attempt is not flaky: it never passed.
    expect(run).toEqual({ passed_on_retry_flows: 0, flaky_flows: 0 });
  });

  it('keeps a collection without retries to one attempt; a schedule overrides the retries of its runs', async () => {
    const collectionId = await saveCollection(
      t,
      token,
      browserCollection({ flows: [{ testCaseId: 'never', steps: [{ stepId: 'missing', action: 'assertVisible', target: '#never-there', timeoutMs: 300 }] }] }),
    );
    const loaded = collectionResponseSchema.parse(await (await send(`${endpoints.collections.load}?id=${collectionId}`, 'GET')).json());
    expect(loaded.data.retries).toBe(0);
    const once = await waitForRun(t, token, await trigger(t, token, collectionId));
    expect(once.testCaseDetails.map((flow) => [flow.testCaseResult, flow.attempt, flow.earlierAttempts])).toEqual([['FAILED', undefined, undefined]]);

    const saved = await send(endpoints.schedules.save, 'POST', dailySchedule([collectionId], { name: 'Retrying', retries: 2 }));
    expect(saved.status, await saved.clone().text()).toBe(200);
    const schedule = scheduleResponseSchema.parse(await saved.json()).data;
    expect(schedule.retries).toBe(2);
    const started = runNowResponseSchema.parse(await (await send(endpoints.schedules.runNow, 'PUT', { id: schedule.id })).json());
    const execution = scheduleExecutionDetailsResponseSchema.parse(
      await (await send(endpoints.schedules.executionDetails(started.data.scheduleExecutionHistoryId), 'GET')).json(),
    ).data;
    const scheduled = await waitForRun(t, token, execution.collections[0]?.id ?? '');
    expect(scheduled.testCaseDetails[0]).toMatchObject({ testCaseResult: 'FAILED', attempt: 3 });
    expect(scheduled.logsList.map((line) => line.value)).toContain('A failed flow is retried up to 2 time(s) (schedule override)');
    const run = await t.server.services.db.selectFrom('runs').select('retries').where('status_id', '=', scheduled.statusId).executeTakeFirstOrThrow();
    expect(run.retries).toBe(2);
  });

  it('refuses retries outside 0 to 3 on a collection and on a schedule with a field message', async () => {
    for (const retries of [4, -1, 1.5, '2']) {
      const response = await send(endpoints.collections.save, 'POST', browserCollection({ flows: [], retries: retries as number }));
      expect(response.status, String(retries)).toBe(400);
      expect(errorBodySchema.parse(await response.json()).fieldErrors?.retries).toEqual([RETRIES_MESSAGE]);
    }
    const collectionId = await saveCollection(t, token, browserCollection({ flows: [], retries: 3 }));
    const response = await send(endpoints.schedules.save, 'POST', dailySchedule([collectionId], { retries: 7 }));
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).fieldErrors?.retries).toEqual([RETRIES_MESSAGE]);
  });
});

const VERSION = 'c'.repeat(64);
const MINUTE = 60_000;

/** Attempts of one flow in one run, each its steps' results (the flow fails at its second step). */
type Attempts = readonly (readonly StepResultValue[])[];

describe('a pass on a retry counts as flaky (issue 29, seeded history)', () => {
  let t: TestServer;
  let db: Db;
  let orgId: string;
  let reader: string;
  const collectionId = 'retried-collection';

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    reader = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
  });
  afterAll(async () => t.close());

  /** A run of `flows` (flow id -> its attempts) that ended `minutesAgo` (or is still RUNNING when null). */
  async function seedRun(flows: Readonly<Record<string, Attempts>>, minutesAgo: number | null): Promise<string> {
    const end = minutesAgo === null ? Date.now() : Date.now() - minutesAgo * MINUTE;
    const failed = Object.values(flows).some((attempts) => attempts.at(-1)?.includes('FAILED'));
    const [statusId = ''] = await insertHistoryRuns(db, [
      {
        orgId,
        collectionId,
        state: minutesAgo === null ? 'RUNNING' : failed ? 'FAILED' : 'PASSED',
        submitted: new Date(end - 2 * MINUTE).toISOString(),
        started: new Date(end - MINUTE).toISOString(),
        completed: minutesAgo === null ? null : new Date(end).toISOString(),
        collectionHash: VERSION,
        resourceKind: 'BROWSER',
      },
    ]);
    let flowIndex = 0;
    for (const [flowId, attempts] of Object.entries(flows)) {
      flowIndex += 1;
      for (const [index, steps] of attempts.entries()) {
        for (const [stepIndex, result] of steps.entries()) {
          await insertStepResult(
            db,
            historyStepResult({
              statusId,
              flowId,
              flowIndex,
              stepId: `step-${stepIndex}`,
              result,
              error: result === 'FAILED' ? 'Timed out waiting for #total' : '',
              attempt: index + 1,
              at: new Date(end - MINUTE).toISOString(),
            }),
          );
        }
      }
    }
    // What finishRun records as a run ends.
    if (minutesAgo !== null) await recordRunFlowResults(db, { orgId, statusId });
    return statusId;
  }

  const PASS = ['PASSED', 'PASSED'] as const;
  const FAIL = ['PASSED', 'FAILED'] as const;

  it('reads a pass on a retry as a failure then a pass: a later failure on the same version is FLAKY, and the run end counts it', async () => {
    const retried = await seedRun({ checkout: [FAIL, PASS], login: [PASS] }, 30);
    const history = flowHistoryResponseSchema.parse(
      await (await t.request(`${endpoints.flakiness.flowHistory}?collectionId=${collectionId}`, { token: reader })).json(),
    ).data;
    expect(Object.fromEntries(history.flows.map((flow) => [flow.flowId, flow.results.map((result) => [result.statusId, result.result, result.passedOnRetry])]))).toEqual({
      checkout: [[retried, 'PASSED', 1]],
      login: [[retried, 'PASSED', undefined]],
    });

    // A run still going fails the flow on the same version: its failure is flaky, having passed only on a retry before.
    const failing = await seedRun({ checkout: [FAIL, FAIL], login: [FAIL] }, null);
    const classification = failureClassificationResponseSchema.parse(
      await (await t.request(`${endpoints.flakiness.failureClassification}?id=${failing}`, { token: reader })).json(),
    ).data;
    const byFlow = Object.fromEntries(classification.failedFlows.map((flow) => [flow.flowId, flow]));
    // checkout: the retry's failure and pass, then this failure; login had only passed, at once.
    expect(byFlow.checkout).toMatchObject({ classification: 'FLAKY', passes: 1, failures: 2 });
    expect(byFlow.login).toMatchObject({ classification: 'FLAKY', passes: 1, failures: 1 });

    expect(await finishRun(db, failing, 'FAILED')).toBe(true);
    const ended = await db.selectFrom('runs').select(['state', 'passed_on_retry_flows', 'flaky_flows']).where('status_id', '=', failing).executeTakeFirstOrThrow();
    expect(ended).toEqual({ state: 'FAILED', passed_on_retry_flows: 0, flaky_flows: 2 });
    // The Flaky flows view's strip names the pass on a retry as the report's strip does.
    const lastHour = new URLSearchParams({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });
    const flaky = flakyFlowsResponseSchema.parse(await (await t.request(`${endpoints.flakiness.flakyFlows}?${lastHour.toString()}`, { token: reader })).json()).data;
    expect(flaky.flows.find((flow) => flow.flowId === 'checkout')?.results.map((result) => [result.statusId, result.result, result.passedOnRetry])).toEqual([
      [retried, 'PASSED', 1],
      [failing, 'FAILED', undefined],
    ]);

    // Analytics Data: a run's steps are its flows' last attempts'; flaky and passedOnRetry as counted at its end, and
    // none for the retried fixture run (written ended, as runs ended before migration 0026 are).
    const analytics = await analyticsDataOf(db, { orgId, range: { startDate: Date.now() - 3_600_000, endDate: Date.now() + 60_000 }, scope: [collectionId] });
    expect(rowsOfDataset(analytics).map((row) => [row.result, row.passedSteps, row.failedSteps, row.flaky, row.passedOnRetry])).toEqual([
      ['PASSED', 4, 0, 0, 0],
      ['FAILED', 2, 2, 2, 0],
    ]);
  });

  it('lets a pass on a retry neither complete nor keep a recovery streak', () => {
    const clean = { result: 'PASSED' as const, passedOnRetry: 0 };
    const onRetry = { result: 'PASSED' as const, passedOnRetry: 1 };
    expect(outcomesOf([clean, onRetry])).toEqual(['PASSED', 'FAILED', 'PASSED']);
    // Four clean passes and one on a retry: the streak restarts at the retry's pass, short of the five that release.
    expect(trailingPasses(outcomesOf([clean, clean, clean, clean, onRetry]))).toBe(1);
    expect(flipsSinceRecovery(outcomesOf([onRetry]))).toEqual({ passes: 1, failures: 1 });
  });
});
