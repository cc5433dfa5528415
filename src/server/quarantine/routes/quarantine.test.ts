import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FLAKY_RECOVERY_PASSES } from '../../../shared/contracts/flakiness';
import {
  flowQuarantineResponseSchema,
  flowQuarantinesResponseSchema,
  QUARANTINE_MESSAGES,
  QUARANTINE_REASON_MAX_LENGTH,
  recoveredLogLine,
  type FlowQuarantine,
} from '../../../shared/contracts/quarantine';
import { runDetailsResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { insertCollection } from '../../collections/repository';
import type { Db } from '../../db/database';
import type { RunState, StepResultValue } from '../../db/schema-runs';
import { composeMail } from '../../notifications/compose';
import { mailPayloadSchema } from '../../notifications/payload';
import { finishRun, insertStepResult, listLogs } from '../../runs/repository';
import { insertHistoryRuns } from '../../testing/historyFixtures';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { trailingPasses } from '../runEnd';

type Outcome = Extract<StepResultValue, 'PASSED' | 'FAILED'>;

const NOTIFY = 'qa@example.test';

describe('flow quarantine (issue 29)', () => {
  let t: TestServer;
  let db: Db;
  let orgId: string;
  let manager: string;
  let managerId: string;
  let studio: string;
  let stranger: string;
  let collectionId: string;
  let runCounter = 0;

  /**
   * A run of the collection that ran its flows and is ending now through finishRun, the one place a run's result is
   * decided: each flow has one step, failed or passed as `flows` says. Status ids sort in creation order, so runs that
   * end in the same millisecond keep their order.
   */
  async function runAndFinish(flows: Readonly<Record<string, Outcome>>, proposed: RunState = Object.values(flows).includes('FAILED') ? 'FAILED' : 'PASSED') {
    runCounter += 1;
    const startedAt = new Date().toISOString();
    const [statusId = ''] = await insertHistoryRuns(db, [
      { orgId, collectionId, testSuiteName: 'Checkout', state: 'RUNNING', submitted: startedAt, started: startedAt, statusId: `quarantine-run-${String(runCounter).padStart(4, '0')}` },
    ]);
    await db
      .updateTable('runs')
      .set({ collection: JSON.stringify({ id: collectionId, suiteNotifyEmails: NOTIFY }), progress: JSON.stringify(progressOf(flows)) })
      .where('status_id', '=', statusId)
      .execute();
    let flowIndex = 0;
    for (const [flowId, result] of Object.entries(flows)) {
      flowIndex += 1;
      await insertStepResult(db, {
        status_id: statusId,
        flow_index: flowIndex,
        flow_id: flowId,
        flow_name: `Flow ${flowId}`,
        flow_type: 'FLOW',
        flow_loop: 1,
        step_id: 'check',
        step_name: 'Check the total',
        action: 'assertText',
        result,
        error_detail: result === 'FAILED' ? `Expected total 42 in ${flowId}, found 41` : '',
        validation_result: '',
        images: [],
        attachments: [],
        time_started: startedAt,
        time_completed: startedAt,
      });
    }
    expect(await finishRun(db, statusId, proposed)).toBe(true);
    const run = await db.selectFrom('runs').select(['state']).where('status_id', '=', statusId).executeTakeFirstOrThrow();
    return { statusId, state: run.state };
  }

  function progressOf(flows: Readonly<Record<string, Outcome>>) {
    const outcomes = Object.values(flows);
    const failed = outcomes.filter((outcome) => outcome === 'FAILED').length;
    return {
      caseProgress: 100,
      caseProgress1: `${outcomes.length}/${outcomes.length}`,
      stepProgress: 100,
      stepProgress1: '1/1',
      totalProgress: 100,
      currentStatus: {
        cumulativeStepCurrent: outcomes.length,
        cumulativeStepMax: outcomes.length,
        caseIndexCurrent: outcomes.length,
        caseIndexMax: outcomes.length,
        caseLoopCurrent: 1,
        caseLoopMax: 1,
        stepIndexCurrent: 1,
        stepIndexMax: 1,
        stepLoopCurrent: 1,
        stepLoopMax: 1,
        CurrentTestCasesName: '',
      },
      passedSteps: outcomes.length - failed,
      failedSteps: failed,
      skippedSteps: 0,
      passedCases: outcomes.length - failed,
      failedCases: failed,
    };
  }

  const post = (path: string, body: unknown, token = manager) =>
    t.request(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function quarantine(flowId: string, reason = 'Flaky on the checkout total'): Promise<FlowQuarantine> {
    const response = await post(endpoints.quarantine.quarantineFlow, { collectionId, flowId, reason });
    expect(response.status, await response.clone().text()).toBe(200);
    return flowQuarantineResponseSchema.parse(await response.json()).data;
  }
  async function release(flowId: string): Promise<Response> {
    return post(endpoints.quarantine.releaseFlow, { collectionId, flowId });
  }
  async function quarantines(token = manager, id = collectionId): Promise<Record<string, FlowQuarantine>> {
    const response = await t.request(`${endpoints.quarantine.list}?collectionId=${encodeURIComponent(id)}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return Object.fromEntries(flowQuarantinesResponseSchema.parse(await response.json()).data.quarantines.map((row) => [row.flowId, row]));
  }
  async function errorOf(response: Response, status: number): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(status);
    return errorBodySchema.parse(await response.json()).message;
  }
  async function mailOf(statusId: string) {
    const row = await db.selectFrom('mail_outbox').select(['payload']).where('dedupe_key', '=', `run:${statusId}`).executeTakeFirstOrThrow();
    return mailPayloadSchema.parse(JSON.parse(row.payload));
  }

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    const managerUser = await t.createUser(['RTA_MANAGEMENT']);
    managerId = managerUser.email;
    manager = await t.tokenFor(managerUser);
    studio = await t.tokenFor(await t.createUser(['STUDIO']));
    stranger = (await anotherOrganization(t, ['RTA_MANAGEMENT'])).token;
    const collection = collectionSchema.parse({
      collectionId: '',
      id: '',
      testSuiteName: 'Checkout',
      initTestSteps: [{ testCaseId: 'login', testCaseName: 'Flow login' }],
      testCases: [
        { testCaseId: 'cart', testCaseName: 'Flow cart' },
        { testCaseId: 'pay', testCaseName: 'Flow pay' },
      ],
    });
    collectionId = (await insertCollection(db, collection, { orgId, userId: t.admin.email })).id;
  });
  afterAll(async () => t.close());

  describe('the endpoints', () => {
    it('quarantines a flow with its reason, who and when, lists it, and releases it by hand', async () => {
      const before = Date.now();
      const put = await quarantine('cart', '  Flaky on the cart badge  ');
      expect(put).toMatchObject({ collectionId, flowId: 'cart', flowName: 'Flow cart', reason: 'Flaky on the cart badge', quarantinedBy: managerId, released: null });
      expect(Date.parse(put.quarantinedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect((await quarantines(studio)).cart).toEqual(put);

      const released = await release('cart');
      expect(released.status).toBe(200);
      const body = flowQuarantineResponseSchema.parse(await released.json());
      expect(body.message).toBe(QUARANTINE_MESSAGES.released);
      expect(body.data.released).toMatchObject({ kind: 'MANUAL', by: managerId, statusId: null });
      expect((await quarantines()).cart?.released?.kind).toBe('MANUAL');
      expect(await errorOf(await release('cart'), 409)).toBe('Flow cart is not in quarantine.');
    });

    it('quarantining again replaces the reason and starts a new quarantine', async () => {
      await quarantine('pay', 'First reason');
      await release('pay');
      const again = await quarantine('pay', 'Second reason');
      expect(again).toMatchObject({ reason: 'Second reason', released: null });
      await release('pay');
    });

    it('answers 400 with a clear message to bad input, never 500', async () => {
      const cases: [unknown, string][] = [
        [{ collectionId, flowId: 'cart', reason: '   ' }, QUARANTINE_MESSAGES.reasonRequired],
        [{ collectionId, flowId: 'cart' }, 'reason'],
        [{ collectionId, flowId: 'cart', reason: 'x'.repeat(QUARANTINE_REASON_MAX_LENGTH + 1) }, QUARANTINE_MESSAGES.reasonTooLong],
        [{ collectionId: '', flowId: 'cart', reason: 'Flaky' }, QUARANTINE_MESSAGES.collectionIdRequired],
        [{ collectionId, flowId: ' ', reason: 'Flaky' }, QUARANTINE_MESSAGES.flowIdRequired],
        [{ collectionId, flowId: 42, reason: 'Flaky' }, 'flowId'],
      ];
      for (const [body, expected] of cases) {
        const response = await post(endpoints.quarantine.quarantineFlow, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(await response.json()), JSON.stringify(body)).toContain(expected);
      }
      const notJson = await t.request(endpoints.quarantine.quarantineFlow, { method: 'POST', token: manager, headers: { 'content-type': 'application/json' }, body: '{"collectionId":' });
      expect(notJson.status).toBe(400);
      expect((await post(endpoints.quarantine.releaseFlow, { collectionId })).status).toBe(400);
      expect((await t.request(endpoints.quarantine.list, { token: manager })).status).toBe(400);
    });

    it('answers 404 for a collection or flow it does not know', async () => {
      expect(await errorOf(await post(endpoints.quarantine.quarantineFlow, { collectionId: 'nope', flowId: 'cart', reason: 'Flaky' }), 404)).toBe(
        'No collection nope in your organization.',
      );
      expect(await errorOf(await post(endpoints.quarantine.quarantineFlow, { collectionId, flowId: 'gone', reason: 'Flaky' }), 404)).toBe(
        `Collection ${collectionId} has no flow gone.`,
      );
    });

    it('lets only RTA_MANAGEMENT quarantine and release, and keeps each organization to its own collections', async () => {
      expect((await post(endpoints.quarantine.quarantineFlow, { collectionId, flowId: 'cart', reason: 'Flaky' }, studio)).status).toBe(403);
      expect((await post(endpoints.quarantine.releaseFlow, { collectionId, flowId: 'cart' }, studio)).status).toBe(403);
      expect((await t.request(endpoints.quarantine.quarantineFlow, { method: 'POST' })).status).toBe(401);
      const readOnly = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
      expect((await t.request(`${endpoints.quarantine.list}?collectionId=${collectionId}`, { token: readOnly })).status).toBe(403);

      await quarantine('login', 'Another organization must not release this');
      expect(await errorOf(await post(endpoints.quarantine.quarantineFlow, { collectionId, flowId: 'login', reason: 'Mine now' }, stranger), 404)).toBe(
        `No collection ${collectionId} in your organization.`,
      );
      expect((await post(endpoints.quarantine.releaseFlow, { collectionId, flowId: 'login' }, stranger)).status).toBe(409);
      expect(await quarantines(stranger)).toEqual({});
      expect((await quarantines()).login?.released).toBeNull();
      expect((await release('login')).status).toBe(200);
    });
  });

  describe('runs of a collection with a flow in quarantine', () => {
    it('a run whose only failures are quarantined ends PASSED, logs why, lists them apart with the reason, and mails no failure', async () => {
      await quarantine('pay', 'Payment sandbox times out');
      const run = await runAndFinish({ login: 'PASSED', cart: 'PASSED', pay: 'FAILED' });
      expect(run.state).toBe('PASSED');
      const logs = (await listLogs(db, run.statusId)).map((line) => line.value);
      expect(logs).toContain('Only flows in quarantine failed (Flow pay): their failures do not count, the run is PASSED');

      const details = await t.request(`${endpoints.runs.details}?id=${run.statusId}`, { token: studio });
      const data = runDetailsResponseSchema.parse(await details.json()).data;
      expect(data.testStatus).toBe('PASSED');
      expect(data.quarantinedFailures).toEqual([
        expect.objectContaining({ flowId: 'pay', flowName: 'Flow pay', reason: 'Payment sandbox times out', quarantinedBy: managerId }),
      ]);
      expect(data.testCaseDetails.find((flow) => flow.testCaseId === 'pay')?.testCaseResult).toBe('FAILED');

      const mail = await mailOf(run.statusId);
      if (mail.kind !== 'RUN_FINISHED') throw new Error(`unexpected mail ${mail.kind}`);
      expect(mail.run).toMatchObject({ state: 'PASSED', failedSteps: 0, failedFlows: 0, failures: [], quarantinedFailedFlows: ['Flow pay'] });
      const composed = composeMail(mail, [NOTIFY], 'https://studio.example.test');
      expect(composed.subject).toBe('Checkout: PASSED (2 passed, 0 failed)');
      expect(composed.text).toContain('Failed in quarantine (not counted): Flow pay');
      expect(composed.text).not.toContain('Failed steps:');
      await release('pay');
    });

    it('a failure of a flow not in quarantine still fails the run and is mailed, the quarantined one apart', async () => {
      await quarantine('pay', 'Payment sandbox times out');
      const run = await runAndFinish({ login: 'PASSED', cart: 'FAILED', pay: 'FAILED' });
      expect(run.state).toBe('FAILED');
      const mail = await mailOf(run.statusId);
      if (mail.kind !== 'RUN_FINISHED') throw new Error(`unexpected mail ${mail.kind}`);
      expect(mail.run.failures).toEqual([{ flow: 'Flow cart', step: 'Check the total', error: 'Expected total 42 in cart, found 41' }]);
      expect(mail.run).toMatchObject({ state: 'FAILED', failedSteps: 1, failedFlows: 1, quarantinedFailedFlows: ['Flow pay'] });
      await release('pay');
    });

    it('a released flow fails the run again, and a stopped run keeps its state', async () => {
      expect((await runAndFinish({ login: 'PASSED', cart: 'PASSED', pay: 'FAILED' })).state).toBe('FAILED');
      await quarantine('pay', 'Payment sandbox times out');
      expect((await runAndFinish({ login: 'PASSED', pay: 'FAILED' }, 'ABORTED')).state).toBe('ABORTED');
      await release('pay');
    });

    it(`is released by the platform after ${FLAKY_RECOVERY_PASSES} consecutive passes, logged in the run that completed the streak`, async () => {
      await quarantine('cart', 'Cart badge flickers');
      const streak = async (count: number) => {
        const runs = [];
        for (let index = 0; index < count; index += 1) runs.push(await runAndFinish({ login: 'PASSED', cart: 'PASSED' }));
        return runs;
      };
      await streak(FLAKY_RECOVERY_PASSES - 1);
      // A failure breaks the streak (and does not fail the run: the flow is still in quarantine).
      expect((await runAndFinish({ login: 'PASSED', cart: 'FAILED' })).state).toBe('PASSED');
      const runs = await streak(FLAKY_RECOVERY_PASSES - 1);
      expect((await quarantines()).cart?.released).toBeNull();
      for (const run of runs) expect((await listLogs(db, run.statusId)).map((line) => line.value)).not.toContain(recoveredLogLine('Flow cart', FLAKY_RECOVERY_PASSES));

      const [last] = await streak(1);
      const record = (await quarantines()).cart;
      expect(record?.released).toMatchObject({ kind: 'RECOVERED', by: null, statusId: last?.statusId });
      expect(record?.reason).toBe('Cart badge flickers');
      expect((await listLogs(db, last?.statusId ?? '')).map((line) => line.value)).toContain('Flow Flow cart is released from quarantine after 5 consecutive passes');
      // Released: its next failure fails the run again.
      expect((await runAndFinish({ login: 'PASSED', cart: 'FAILED' })).state).toBe('FAILED');
    });
  });

  it('counts trailing passes over skipped and aborted results, up to the last failure', () => {
    expect(trailingPasses(['PASSED', 'FAILED', 'PASSED', 'SKIPPED', 'PASSED', 'ABORTED'])).toBe(2);
    expect(trailingPasses(['PASSED', 'PASSED'])).toBe(2);
    expect(trailingPasses(['PASSED', 'FAILED'])).toBe(0);
    expect(trailingPasses([])).toBe(0);
  });
});
