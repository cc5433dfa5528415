import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FLAKY_FLOWS_RANGE_MESSAGE, FLOW_HISTORY_LENGTH, flakyFlowsResponseSchema, type FlakyFlow } from '../../../shared/contracts/flakiness';
import { DATE_ORDER_MESSAGE } from '../../../shared/contracts/operations';
import { endpoints } from '../../../shared/endpoints';
import type { Db } from '../../db/database';
import { LINK_PREVIOUS_RESULTS_SQL } from '../../db/migrations/0027_run_flow_results';
import { at, DAY, HOUR, seedRun, VERSION_1, VERSION_2, type Outcome } from '../../testing/flowHistorySeed';
import { anotherOrganization } from '../../testing/otherOrganization';
import { testDialect } from '../../testing/testDatabase';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { seededRandom } from '../executor/flowOrder';
import { flakyFlowCountsQuery } from '../flakyFlows';

const RUNS = 36;
/** Runs 0 .. 17 are of the first version, 18 .. 35 of the second. */
const VERSION_CHANGE = 18;
const RUN_EVERY = 6 * HOUR;
const ERROR_A = 'Element #buy not visible';
const ERROR_B = 'Element #pay not visible';
const ERROR_D = 'Element #cart not visible';
/** Run i's failing step says A, B or a changing timeout (C) by i mod 6; the last run says D. */
const errorOf = (run: number): string | undefined =>
  run === RUNS - 1 ? ERROR_D : run % 6 === 1 ? ERROR_A : run % 6 === 3 ? ERROR_B : undefined;
const SIGNATURE_A = `check: ${ERROR_A}`;
const SIGNATURE_B = `check: ${ERROR_B}`;
const SIGNATURE_C = 'check: Timeout <n>ms exceeded waiting for #total of order <id> at <time>';
/** The whole seeded history, and a margin. */
const ALL = { from: at(-DAY), to: at(RUNS * RUN_EVERY + DAY) };

describe('the Flaky flows view (issue 29)', () => {
  let t: TestServer;
  let db: Db;
  let orgId: string;
  let reader: string;
  const statusIds: string[] = [];
  const outcomes: Record<string, Outcome>[] = [];

  const query = (range: { from?: string; to?: string }) =>
    `${endpoints.flakiness.flakyFlows}?${new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined))}`;
  const flakyFlows = async (range: { from: string; to: string }, token = reader) => {
    const response = await t.request(query(range), { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return flakyFlowsResponseSchema.parse(await response.json()).data;
  };
  const byFlow = (flows: readonly FlakyFlow[]): Record<string, FlakyFlow> => Object.fromEntries(flows.map((flow) => [flow.flowId, flow]));

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    reader = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
    const random = seededRandom(29);
    for (let run = 0; run < RUNS; run += 1) {
      const flows: Record<string, Outcome> = {
        'always-pass': 'PASSED',
        'always-fail': 'FAILED',
        regression: run < VERSION_CHANGE ? 'PASSED' : 'FAILED',
        alternating: run % 2 === 1 ? 'FAILED' : 'PASSED',
        'rare-flake': run === 5 || run === 23 ? 'FAILED' : 'PASSED',
        'random-flake': run >= VERSION_CHANGE && random() < 0.3 ? 'FAILED' : 'PASSED',
      };
      outcomes.push(flows);
      const version = run < VERSION_CHANGE ? VERSION_1 : VERSION_2;
      const error = errorOf(run);
      statusIds.push(await seedRun(db, orgId, { collectionId: 'shop', endedAt: run * RUN_EVERY, flows, version, ...(error ? { error } : {}) }));
    }
    // Passes on browsers and fails on phones, on the same version: a device-specific failure, never a flip.
    for (let run = 0; run < 8; run += 1) {
      const kind = run % 2 === 0 ? 'BROWSER' : 'MOBILE';
      await seedRun(db, orgId, { collectionId: 'apps', endedAt: run * RUN_EVERY, flows: { device: kind === 'BROWSER' ? 'PASSED' : 'FAILED' }, kind });
    }
    // Skipped and aborted results are not compared: P, S, F, A, P is two flips of two.
    const gappy: [Outcome, 'PASSED' | 'ABORTED' | undefined][] = [['PASSED', undefined], ['SKIPPED', undefined], ['FAILED', undefined], ['PASSED', 'ABORTED'], ['PASSED', undefined]];
    for (const [index, [outcome, state]] of gappy.entries()) {
      await seedRun(db, orgId, { collectionId: 'apps', endedAt: index * RUN_EVERY + HOUR, flows: { gappy: outcome }, ...(state ? { state: 'ABORTED' as const } : {}) });
    }
    // Runs recorded before versions were stored (no hash) are never the same code as another.
    for (let run = 0; run < 4; run += 1) {
      await seedRun(db, orgId, { collectionId: 'apps', endedAt: run * RUN_EVERY, flows: { unversioned: run % 2 ? 'FAILED' : 'PASSED' }, version: null });
    }
  });
  afterAll(async () => t.close());

  it('lists exactly the flaky flows, flakiest first: not a passing, always-failing, regressed, device-specific or unversioned one', async () => {
    const { flows, total } = await flakyFlows(ALL);
    expect(flows.map((flow) => flow.flowId)).toEqual(['alternating', 'gappy', 'random-flake', 'rare-flake']);
    expect(total).toBe(4);
  });

  it('counts flips over the possible flips within each version, the failures, runs and the last flip', async () => {
    const flows = byFlow((await flakyFlows(ALL)).flows);
    const possible = RUNS - 2; // two versions of 18 results: 17 consecutive pairs each
    expect(flows.alternating).toMatchObject({ collectionId: 'shop', flowName: 'Flow alternating', flips: possible, flipRate: 1, failures: RUNS / 2, runs: RUNS });
    expect(flows.alternating?.lastFlip).toBe(at((RUNS - 1) * RUN_EVERY));
    expect(flows['rare-flake']).toMatchObject({ flips: 4, flipRate: 4 / possible, failures: 2, runs: RUNS, lastFlip: at(24 * RUN_EVERY) });
    expect(flows.gappy).toMatchObject({ collectionId: 'apps', flips: 2, flipRate: 1, failures: 1, runs: 5, lastFlip: at(4 * RUN_EVERY + HOUR) });
    const randomFailures = outcomes.filter((run) => run['random-flake'] === 'FAILED').length;
    expect(randomFailures).toBeGreaterThan(0);
    expect(flows['random-flake']).toMatchObject({ failures: randomFailures, runs: RUNS });
    expect(flows['random-flake']?.flipRate).toBeGreaterThan(4 / possible);
    expect(flows['random-flake']?.flipRate).toBeLessThan(1);
  });

  it('carries each flow its last 30 results in the range, newest last, and its top 3 failure signatures with counts', async () => {
    const flows = byFlow((await flakyFlows(ALL)).flows);
    const strip = flows.alternating?.results ?? [];
    expect(strip.map((result) => result.statusId)).toEqual(statusIds.slice(RUNS - FLOW_HISTORY_LENGTH));
    expect(strip.map((result) => result.result)).toEqual(outcomes.slice(RUNS - FLOW_HISTORY_LENGTH).map((run) => run.alternating));
    expect(strip.at(-1)?.time).toBe(at((RUNS - 1) * RUN_EVERY));
    // Odd runs fail: 6 say A, 6 say B, 5 time out (C) and the last says D.
    expect(flows.alternating?.topSignatures).toEqual([
      { signature: SIGNATURE_A, count: 6 },
      { signature: SIGNATURE_B, count: 6 },
      { signature: SIGNATURE_C, count: 5 },
    ]);
    expect(flows['rare-flake']?.topSignatures).toEqual([{ signature: SIGNATURE_C, count: 2 }]);
    expect(flows.gappy?.results.map((result) => result.result)).toEqual(['PASSED', 'SKIPPED', 'FAILED', 'ABORTED', 'PASSED']);
  });

  it('gives a failure stored without a signature (before migration 0024) one from its error, counted with the signed ones', async () => {
    const other = await anotherOrganization(t, ['OPERATIONS_CENTER']);
    const errors = [ERROR_A, ERROR_A, ERROR_B, ERROR_A];
    const failedRuns: string[] = [];
    for (const [index, error] of errors.entries()) {
      await seedRun(db, other.orgId, { collectionId: 'old', endedAt: 2 * index * RUN_EVERY, flows: { legacy: 'PASSED' } });
      failedRuns.push(await seedRun(db, other.orgId, { collectionId: 'old', endedAt: (2 * index + 1) * RUN_EVERY, flows: { legacy: 'FAILED' }, error }));
    }
    // All but the first failure lose their signature, as steps stored before signatures were have none.
    await db.updateTable('step_results').set({ failure_signature: null }).where('status_id', 'in', failedRuns.slice(1)).execute();
    const [flow] = (await flakyFlows(ALL, other.token)).flows;
    expect(flow?.topSignatures).toEqual([
      { signature: SIGNATURE_A, count: 3 },
      { signature: SIGNATURE_B, count: 1 },
    ]);
  });

  it('looks only at runs that ended in the range', async () => {
    const firstVersion = { from: at(0), to: at((VERSION_CHANGE - 1) * RUN_EVERY) };
    const { flows } = await flakyFlows(firstVersion);
    expect(flows.map((flow) => flow.flowId)).toEqual(['alternating', 'gappy', 'rare-flake']);
    expect(byFlow(flows)['rare-flake']).toMatchObject({ flips: 2, flipRate: 2 / (VERSION_CHANGE - 1), runs: VERSION_CHANGE, lastFlip: at(6 * RUN_EVERY) });
    expect((await flakyFlows({ from: at(-3 * DAY), to: at(-2 * DAY) })).flows).toEqual([]);
  });

  it("shows an organization its own flows only, to OPERATIONS_CENTER holders", async () => {
    const other = await anotherOrganization(t, ['OPERATIONS_CENTER']);
    for (let run = 0; run < 4; run += 1) {
      await seedRun(db, other.orgId, { collectionId: 'theirs', endedAt: run * RUN_EVERY, flows: { mine: run % 2 ? 'FAILED' : 'PASSED' } });
    }
    expect((await flakyFlows(ALL, other.token)).flows.map((flow) => flow.flowId)).toEqual(['mine']);
    expect((await flakyFlows(ALL)).flows.map((flow) => flow.flowId)).not.toContain('mine');
    for (const permission of ['STUDIO', 'CONTROL_ROOM'] as const) {
      const response = await t.request(query(ALL), { token: await t.tokenFor(await t.createUser([permission])) });
      expect(response.status, permission).toBe(403);
    }
    expect((await t.request(query(ALL))).status).toBe(401);
  });

  it('answers bad ranges with 400 and a message', async () => {
    const expectBadRange = async (range: { from?: string; to?: string }, message: RegExp) => {
      const response = await t.request(query(range), { token: reader });
      expect(response.status, JSON.stringify(range)).toBe(400);
      expect(errorBodySchema.parse(await response.json()).message).toMatch(message);
    };
    await expectBadRange({ to: ALL.to }, /from/);
    await expectBadRange({ from: ALL.from }, /to/);
    await expectBadRange({ from: 'yesterday', to: ALL.to }, /from/);
    await expectBadRange({ from: ALL.to, to: ALL.from }, new RegExp(DATE_ORDER_MESSAGE));
    await expectBadRange({ from: at(-400 * DAY), to: ALL.to }, new RegExp(FLAKY_FLOWS_RANGE_MESSAGE));
  });

  // SQLite keeps no statistics, so its plan is the same on this history as on a year of runs; PostgreSQL's follows its data.
  it.runIf(testDialect === 'sqlite')('counts flips flow by flow on one covering index, passing over no other result', async () => {
    const counts = flakyFlowCountsQuery(db, orgId, ALL).compile(db);
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${counts.sql}`, [...counts.parameters]));
    const details = plan.rows.map((row) => row.detail);
    expect(details).toContain(
      'SEARCH r USING COVERING INDEX run_flow_results_flow_flips (org_id=? AND collection_id=? AND flow_id=? AND ended_at>? AND ended_at<?)',
    );
    // Every other read of the results is a seek for a flow (MIN over an index), never a pass over them.
    expect(details.filter((detail) => /^SCAN (r|n|run_flow_results)\b/.test(detail))).toEqual([]);
    expect(details.filter((detail) => / (r|n|run_flow_results) /.test(`${detail} `)).every((detail) => detail.startsWith('SEARCH'))).toBe(true);
  });
});

describe('flips of passes on a retry and across versions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  /** An organization whose one flow has `results` (oldest first, an hour apart), recorded and linked as a bulk fill is. */
  const flakyFlowsOfResults = async (results: readonly { result: 'PASSED' | 'FAILED'; passedOnRetry?: number; version?: string }[]) => {
    const other = await anotherOrganization(t, ['OPERATIONS_CENTER']);
    await t.server.services.db
      .insertInto('run_flow_results')
      .values(
        results.map(({ result, passedOnRetry = 0, version = VERSION_1 }, index) => ({
          status_id: `${other.orgId}-run-${index}`,
          flow_id: 'flow',
          org_id: other.orgId,
          collection_id: 'collection',
          flow_name: 'Flow',
          ended_at: at(index * HOUR),
          collection_hash: version,
          resource_kind: 'BROWSER' as const,
          result,
          passed_on_retry: passedOnRetry,
          first_failed_id: null,
        })),
      )
      .execute();
    await sql.raw(LINK_PREVIOUS_RESULTS_SQL).execute(t.server.services.db);
    const response = await t.request(`${endpoints.flakiness.flakyFlows}?${new URLSearchParams(ALL)}`, { token: other.token });
    expect(response.status).toBe(200);
    return flakyFlowsResponseSchema.parse(await response.json()).data.flows;
  };

  it('counts a pass on a retry as a failure then a pass within its run, so a flow that only ever passes on retries flips', async () => {
    const [flow] = await flakyFlowsOfResults([{ result: 'PASSED' }, { result: 'PASSED', passedOnRetry: 1 }, { result: 'PASSED' }]);
    expect(flow).toMatchObject({ flips: 2, flipRate: 2 / 3, failures: 0, runs: 3, lastFlip: at(HOUR) });
    expect(await flakyFlowsOfResults([{ result: 'PASSED' }, { result: 'PASSED' }])).toEqual([]);
  });

  it('never compares results of different versions', async () => {
    expect(await flakyFlowsOfResults([{ result: 'PASSED' }, { result: 'FAILED', version: VERSION_2 }])).toEqual([]);
  });
});
