import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  failureClassificationResponseSchema,
  FLOW_HISTORY_LENGTH,
  flowHistoryResponseSchema,
  type FailedFlow,
  type FlowResult,
} from '../../../shared/contracts/flakiness';
import { endpoints } from '../../../shared/endpoints';
import { failureSignature } from '../../../shared/failure-signature';
import { insertCollection } from '../../collections/repository';
import type { Db } from '../../db/database';
import { insertHistoryRuns } from '../../testing/historyFixtures';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { seededRandom } from '../executor/flowOrder';
import { at, DAY, HOUR, seedRun, VERSION_1, VERSION_2, type Outcome, type SeededRun } from '../../testing/flowHistorySeed';

describe('flow history and failure classification (issue 29)', () => {
  let t: TestServer;
  let db: Db;
  let orgId: string;
  let reader: string;
  let studio: string;
  let neither: string;
  let stranger: string;

  const seed = (run: SeededRun) => seedRun(db, orgId, run);

  const classify = async (statusId: string, token = reader) => {
    const response = await t.request(`${endpoints.flakiness.failureClassification}?id=${encodeURIComponent(statusId)}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return failureClassificationResponseSchema.parse(await response.json()).data;
  };
  const classesOf = async (statusId: string): Promise<Record<string, FailedFlow>> =>
    Object.fromEntries((await classify(statusId)).failedFlows.map((flow) => [flow.flowId, flow]));
  const historyOf = async (collectionId: string, token = reader) => {
    const response = await t.request(`${endpoints.flakiness.flowHistory}?collectionId=${encodeURIComponent(collectionId)}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return flowHistoryResponseSchema.parse(await response.json()).data;
  };

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    reader = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
    studio = await t.tokenFor(await t.createUser(['STUDIO']));
    neither = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
    stranger = (await anotherOrganization(t, ['OPERATIONS_CENTER'])).token;
  });
  afterAll(async () => t.close());

  describe('a seeded history with known truth', () => {
    const ALWAYS_PASS = ['pass-1', 'pass-2'];
    const ALWAYS_FAIL = ['fail-1'];
    const REGRESSION = ['regression-1', 'regression-2'];
    const FLAKY = ['flaky-1', 'flaky-2', 'flaky-3'];
    const RUNS = 40;
    /** The collection changes (a new version) at this run; the regressions fail from it on. */
    const VERSION_CHANGE = 20;
    // Seeded, so the history is the same on every run of the test. Checked for this seed: no flaky flow's last failure
    // directly follows 5 passes in a row (a recovery, tested on its own below).
    const random = seededRandom(29);
    const outcomes: Record<string, Outcome>[] = [];
    const statusIds: string[] = [];
    const classes: Record<string, FailedFlow>[] = [];

    beforeAll(async () => {
      for (let run = 0; run < RUNS; run += 1) {
        const flows: Record<string, Outcome> = {};
        for (const flow of ALWAYS_PASS) flows[flow] = 'PASSED';
        for (const flow of ALWAYS_FAIL) flows[flow] = 'FAILED';
        for (const flow of REGRESSION) flows[flow] = run < VERSION_CHANGE ? 'PASSED' : 'FAILED';
        for (const flow of FLAKY) flows[flow] = random() < 0.5 ? 'FAILED' : 'PASSED';
        outcomes.push(flows);
        // Every 6 hours: 40 runs span 10 days, inside the 14-day window.
        statusIds.push(await seed({ collectionId: 'shop', endedAt: run * 6 * HOUR, flows, version: run < VERSION_CHANGE ? VERSION_1 : VERSION_2 }));
      }
      for (const statusId of statusIds) classes.push(await classesOf(statusId));
    });

    it('calls every flaky flow flaky, and no always-failing, regressed or passing flow', () => {
      const calledFlaky = new Set(classes.flatMap((run) => Object.values(run).filter((flow) => flow.classification === 'FLAKY').map((flow) => flow.flowId)));
      expect([...calledFlaky].sort()).toEqual([...FLAKY].sort());
      for (const flow of FLAKY) {
        const lastFailure = outcomes.findLastIndex((run) => run[flow] === 'FAILED');
        expect(lastFailure, flow).toBeGreaterThan(0);
        expect(classes[lastFailure]?.[flow]?.classification, `${flow} at run ${lastFailure}`).toBe('FLAKY');
      }
    });

    it('lists exactly the failed flows of each run', () => {
      outcomes.forEach((run, index) => {
        const failed = Object.keys(run).filter((flow) => run[flow] === 'FAILED');
        expect(Object.keys(classes[index] ?? {}).sort(), `run ${index}`).toEqual(failed.sort());
      });
    });

    it('calls an always-failing flow new once, then known with its first time and count, whatever the figures and ids in its message', () => {
      classes.forEach((run, index) => {
        const failed = run['fail-1'];
        expect(failed?.classification).toBe(index === 0 ? 'NEW' : 'KNOWN');
        expect(failed?.occurrences).toBe(index + 1);
        expect(failed?.firstSeen).toEqual({ statusId: statusIds[0], time: at(0) });
        expect(failed?.failedStepId).toBe('check');
        expect(failed?.signature).toBe('check: Timeout <n>ms exceeded waiting for #total of order <id> at <time>');
        expect(failed?.passes).toBe(0);
      });
    });

    it('calls a regression new at the version change, then known, never flaky', () => {
      for (const flow of REGRESSION) {
        expect(classes[VERSION_CHANGE]?.[flow]?.classification).toBe('NEW');
        for (let run = VERSION_CHANGE + 1; run < RUNS; run += 1) {
          expect(classes[run]?.[flow]).toMatchObject({ classification: 'KNOWN', occurrences: run - VERSION_CHANGE + 1, passes: 0 });
          expect(classes[run]?.[flow]?.firstSeen.statusId).toBe(statusIds[VERSION_CHANGE]);
        }
      }
    });

    it('answers the run version and resource kind with the classification', async () => {
      const last = await classify(statusIds[RUNS - 1] ?? '');
      expect(last).toMatchObject({ statusId: statusIds[RUNS - 1], collectionHash: VERSION_2, resourceKind: 'BROWSER' });
    });

    it('shows the last 30 results of each flow, newest last, to Studio and Operations Centre readers', async () => {
      for (const token of [reader, studio]) {
        const { collectionId, flows } = await historyOf('shop', token);
        expect(collectionId).toBe('shop');
        expect(flows.map((flow) => flow.flowId).sort()).toEqual([...ALWAYS_PASS, ...ALWAYS_FAIL, ...REGRESSION, ...FLAKY].sort());
        const lastIds = statusIds.slice(RUNS - FLOW_HISTORY_LENGTH);
        for (const flow of flows) {
          expect(flow.results.map((result) => result.statusId)).toEqual(lastIds);
          expect(flow.results.map((result) => result.result)).toEqual(outcomes.slice(RUNS - FLOW_HISTORY_LENGTH).map((run) => run[flow.flowId]));
          expect(flow.results.at(-1)?.time).toBe(at((RUNS - 1) * 6 * HOUR));
        }
      }
    });
  });

  it('looks back 14 days: an older failure or pass counts for nothing, and another message is another failure', async () => {
    const old = await seed({ collectionId: 'window', endedAt: 0, flows: { f: 'FAILED' }, error: 'Element #buy not visible' });
    await seed({ collectionId: 'window', endedAt: HOUR, flows: { f: 'PASSED' } });
    const later = await seed({ collectionId: 'window', endedAt: 20 * DAY, flows: { f: 'FAILED' }, error: 'Element #buy not visible' });
    expect((await classesOf(old)).f).toMatchObject({ classification: 'NEW', occurrences: 1 });
    expect((await classesOf(later)).f).toMatchObject({ classification: 'NEW', occurrences: 1, passes: 0, failures: 1 });
    expect((await classesOf(later)).f?.firstSeen.statusId).toBe(later);

    await seed({ collectionId: 'window', endedAt: 21 * DAY, flows: { f: 'PASSED' } });
    const other = await seed({ collectionId: 'window', endedAt: 22 * DAY, flows: { f: 'FAILED' }, error: 'Expected title "Shop", found "Error 502"' });
    expect((await classesOf(other)).f).toMatchObject({ classification: 'FLAKY', occurrences: 1, passes: 1, failures: 2 });
    expect((await classesOf(other)).f?.signature).toBe(failureSignature('check', 'Expected title "Shop", found "Error <n>"'));
  });

  it('takes a flow off flaky after 5 passes in a row, and calls it flaky again at its next flip', async () => {
    const sequence: Outcome[] = ['FAILED', 'PASSED', 'FAILED', 'PASSED', 'PASSED', 'PASSED', 'PASSED', 'PASSED', 'FAILED', 'PASSED', 'FAILED'];
    const ids: string[] = [];
    for (const [index, outcome] of sequence.entries()) ids.push(await seed({ collectionId: 'recovery', endedAt: index * HOUR, flows: { r: outcome } }));
    const classOf = async (index: number) => (await classesOf(ids[index] ?? '')).r;
    expect(await classOf(0)).toMatchObject({ classification: 'NEW' });
    expect(await classOf(2)).toMatchObject({ classification: 'FLAKY', passes: 1, failures: 2, occurrences: 2 });
    // Recovered by the 5 passes before it: a failure again, known, not flaky.
    expect(await classOf(8)).toMatchObject({ classification: 'KNOWN', passes: 0, failures: 1, occurrences: 3 });
    expect(await classOf(10)).toMatchObject({ classification: 'FLAKY', passes: 1, failures: 2, occurrences: 4 });
  });

  it('compares only runs of the same version on the same kind of resource, and never a run recorded before versions', async () => {
    await seed({ collectionId: 'kinds', endedAt: 0, flows: { k: 'PASSED' }, kind: 'BROWSER' });
    const onPhone = await seed({ collectionId: 'kinds', endedAt: HOUR, flows: { k: 'FAILED' }, kind: 'MOBILE' });
    expect((await classesOf(onPhone)).k).toMatchObject({ classification: 'NEW', passes: 0, failures: 1 });
    await seed({ collectionId: 'kinds', endedAt: 2 * HOUR, flows: { k: 'PASSED' }, kind: 'MOBILE', version: VERSION_2 });
    const otherVersion = await seed({ collectionId: 'kinds', endedAt: 3 * HOUR, flows: { k: 'FAILED' }, kind: 'MOBILE' });
    expect((await classesOf(otherVersion)).k).toMatchObject({ classification: 'KNOWN', passes: 0, failures: 2 });
    await seed({ collectionId: 'kinds', endedAt: 4 * HOUR, flows: { k: 'PASSED' }, kind: 'MOBILE' });
    const flaky = await seed({ collectionId: 'kinds', endedAt: 5 * HOUR, flows: { k: 'FAILED' }, kind: 'MOBILE' });
    expect((await classesOf(flaky)).k).toMatchObject({ classification: 'FLAKY', passes: 1, failures: 3 });

    await seed({ collectionId: 'legacy', endedAt: 0, flows: { l: 'PASSED' }, version: null, kind: null });
    const legacy = await seed({ collectionId: 'legacy', endedAt: HOUR, flows: { l: 'FAILED' }, version: null, kind: null });
    expect(await classify(legacy)).toMatchObject({ collectionHash: null, resourceKind: null });
    expect((await classesOf(legacy)).l).toMatchObject({ classification: 'NEW', passes: 0, failures: 0 });
  });

  it('gives a step stored before signatures its signature from its error', async () => {
    const first = await seed({ collectionId: 'unsigned', endedAt: 0, flows: { u: 'FAILED' }, error: 'Row 17 missing', version: null, kind: null });
    await db.updateTable('step_results').set({ failure_signature: null }).where('status_id', '=', first).execute();
    const second = await seed({ collectionId: 'unsigned', endedAt: HOUR, flows: { u: 'FAILED' }, error: 'Row 18 missing' });
    expect((await classesOf(second)).u).toMatchObject({ classification: 'KNOWN', occurrences: 2, signature: 'check: Row <n> missing' });
    expect((await classesOf(second)).u?.firstSeen.statusId).toBe(first);
  });

  it('answers a run without failures with no failed flows', async () => {
    const passed = await seed({ collectionId: 'green', endedAt: 0, flows: { g: 'PASSED' } });
    expect((await classify(passed)).failedFlows).toEqual([]);
  });

  it("strips the collection's flows in its order, with skipped and aborted results, then flows no longer in it", async () => {
    const collection = collectionSchema.parse({
      collectionId: '',
      id: '',
      testSuiteName: 'Strip',
      initTestSteps: [{ testCaseId: 'login', testCaseName: 'Log in' }],
      testCases: [
        { testCaseId: 'browse', testCaseName: 'Browse' },
        { testCaseId: 'never', testCaseName: 'Never ran' },
      ],
    });
    const { id } = await insertCollection(db, collection, { orgId, userId: t.admin.email });
    const passed = await seed({ collectionId: id, endedAt: 0, flows: { login: 'PASSED', browse: 'SKIPPED', gone: 'PASSED' } });
    const failed = await seed({ collectionId: id, endedAt: HOUR, flows: { login: 'PASSED', browse: 'FAILED' } });
    const aborted = await seed({ collectionId: id, endedAt: 2 * HOUR, flows: { login: 'PASSED', browse: 'FAILED' }, state: 'ABORTED' });
    const cancelled = await seed({ collectionId: id, endedAt: 3 * HOUR, flows: { login: 'PASSED' }, state: 'CANCELLED' });
    await insertHistoryRuns(db, [{ orgId, collectionId: id, state: 'RUNNING', submitted: at(4 * HOUR), started: at(4 * HOUR) }]);

    const { flows } = await historyOf(id);
    const strip = (flowId: string) => flows.find((flow) => flow.flowId === flowId)?.results.map((result) => [result.statusId, result.result]);
    expect(flows.map((flow) => [flow.flowId, flow.flowName])).toEqual([
      ['login', 'Log in'],
      ['browse', 'Browse'],
      ['never', 'Never ran'],
      ['gone', 'Flow gone'],
    ]);
    const expected: [string, FlowResult][] = [
      [passed, 'PASSED'],
      [failed, 'PASSED'],
      [aborted, 'ABORTED'],
      [cancelled, 'ABORTED'],
    ];
    expect(strip('login')).toEqual(expected);
    expect(strip('browse')).toEqual([
      [passed, 'SKIPPED'],
      [failed, 'FAILED'],
      [aborted, 'FAILED'],
    ]);
    expect(strip('never')).toEqual([]);
    expect(strip('gone')).toEqual([[passed, 'PASSED']]);
  });

  it('answers bad input with 400 and a message, unknown ids with 404, and checks permissions and organizations', async () => {
    const expectError = async (path: string, status: number, message: RegExp, token = reader) => {
      const response = await t.request(path, { token });
      expect(response.status, path).toBe(status);
      expect(errorBodySchema.parse(await response.json()).message).toMatch(message);
    };
    await expectError(endpoints.flakiness.flowHistory, 400, /collectionId/);
    await expectError(`${endpoints.flakiness.flowHistory}?collectionId=%20`, 400, /A collection id is required/);
    await expectError(`${endpoints.flakiness.flowHistory}?collectionId=${'x'.repeat(65)}`, 400, /collectionId/);
    await expectError(endpoints.flakiness.failureClassification, 400, /id/);
    await expectError(`${endpoints.flakiness.failureClassification}?id=`, 400, /A run status id is required/);
    await expectError(`${endpoints.flakiness.flowHistory}?collectionId=nothing-here`, 404, /Collection nothing-here not found/);
    await expectError(`${endpoints.flakiness.failureClassification}?id=no-such-run`, 404, /no-such-run/);

    const shopRun = await seed({ collectionId: 'private', endedAt: 0, flows: { p: 'FAILED' } });
    await expectError(`${endpoints.flakiness.failureClassification}?id=${shopRun}`, 403, /./, neither);
    await expectError(`${endpoints.flakiness.flowHistory}?collectionId=private`, 403, /./, neither);
    await expectError(`${endpoints.flakiness.failureClassification}?id=${shopRun}`, 404, /./, stranger);
    await expectError(`${endpoints.flakiness.flowHistory}?collectionId=private`, 404, /./, stranger);
    const unauthenticated = await t.request(`${endpoints.flakiness.flowHistory}?collectionId=private`);
    expect(unauthenticated.status).toBe(401);
  });
});
