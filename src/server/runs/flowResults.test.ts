import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { LINK_PREVIOUS_RESULTS_SQL, RECORD_FINISHED_RUNS_SQL } from '../db/migrations/0027_run_flow_results';
import type { RunState, StepResultValue } from '../db/schema-runs';
import { historyStepResult, insertHistoryRuns } from '../testing/historyFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { findUserByUserId } from '../users/repository';
import { finishedFlowResults, lastFlowResults, recordRunFlowResults, runFlowResults } from './flowResults';
import { insertStepResult } from './repository';

/** A flow's attempts in a run, each the results of its steps. */
type Attempts = readonly (readonly StepResultValue[])[];

const EVERYTHING = { from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };

describe('run_flow_results: the flow results recorded as a run ends (issue 29)', () => {
  let t: TestServer;
  let db: Db;
  let orgId: string;
  let runNumber = 0;

  async function seedRun(state: RunState, flows: Readonly<Record<string, Attempts>>, collectionId = 'shop', collectionHash = 'c'.repeat(64)): Promise<string> {
    runNumber += 1;
    const at = new Date(Date.UTC(2026, 9, 1, runNumber)).toISOString();
    const [statusId = ''] = await insertHistoryRuns(db, [
      {
        orgId,
        collectionId,
        state,
        submitted: at,
        started: at,
        completed: state === 'RUNNING' ? null : at,
        collectionHash,
        resourceKind: 'BROWSER',
        statusId: `flow-results-${String(runNumber).padStart(3, '0')}`,
      },
    ]);
    let flowIndex = 0;
    for (const [flowId, attempts] of Object.entries(flows)) {
      flowIndex += 1;
      for (const [attempt, steps] of attempts.entries()) {
        for (const [stepIndex, result] of steps.entries()) {
          const error = result === 'FAILED' ? 'Element #pay not visible' : '';
          await insertStepResult(db, historyStepResult({ statusId, flowId, flowIndex, stepId: `step-${stepIndex}`, result, error, attempt: attempt + 1, at }));
        }
      }
    }
    return statusId;
  }

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    await seedRun('PASSED', { pass: [['PASSED', 'PASSED']], skipped: [['SKIPPED', 'SKIPPED']], partly: [['PASSED', 'SKIPPED']] });
    await seedRun('FAILED', { fail: [['PASSED', 'FAILED']], 'pass-on-retry': [['FAILED'], ['FAILED'], ['PASSED']], 'fail-after-retry': [['FAILED'], ['FAILED']] });
    await seedRun('ABORTED', { pass: [['PASSED']], fail: [['FAILED']] });
    await seedRun('CANCELLED', { pass: [['PASSED', 'SKIPPED']] });
    await seedRun('RUNNING', { pass: [['PASSED']] });
  });
  afterAll(async () => t.close());

  it("records by the migration's SQL exactly what the repository reads from a finished run's steps, and no run still going", async () => {
    const finished = await db.selectFrom('runs').select('status_id').where('status_id', 'like', 'flow-results-%').where('state', '!=', 'RUNNING').orderBy('status_id').execute();
    const fromSteps = (await Promise.all(finished.map((run) => runFlowResults(db, { orgId, statusId: run.status_id })))).flat();

    await sql.raw(RECORD_FINISHED_RUNS_SQL).execute(db);

    const recorded = await finishedFlowResults(db, { orgId, endedBetween: EVERYTHING });
    expect(recorded).toEqual(fromSteps);
    expect(recorded.map((result) => [result.flowId, result.result, result.passedOnRetry])).toEqual([
      ['partly', 'PASSED', 0],
      ['pass', 'PASSED', 0],
      ['skipped', 'SKIPPED', 0],
      ['fail', 'FAILED', 0],
      ['fail-after-retry', 'FAILED', 0],
      ['pass-on-retry', 'PASSED', 2],
      ['fail', 'FAILED', 0],
      ['pass', 'ABORTED', 0],
      ['pass', 'ABORTED', 0],
    ]);
    // Run again (a second bulk fill), it records nothing twice.
    await sql.raw(RECORD_FINISHED_RUNS_SQL).execute(db);
    expect(await finishedFlowResults(db, { orgId, endedBetween: EVERYTHING })).toEqual(recorded);
  });

  it('reads the history of a collection, each flow its last results, from the recorded rows only', async () => {
    const ended = await seedRun('PASSED', { pass: [['PASSED']] });
    const before = await lastFlowResults(db, orgId, 'shop');
    expect(before.some((result) => result.statusId === ended)).toBe(false);

    await recordRunFlowResults(db, { orgId, statusId: ended });

    const after = await lastFlowResults(db, orgId, 'shop');
    expect(after.filter((result) => result.statusId === ended)).toEqual([expect.objectContaining({ flowId: 'pass', result: 'PASSED' })]);
    expect(after).toHaveLength(before.length + 1);
  });

  it('answers only the organization, collection, flows and end times asked for', async () => {
    const ofFail = await finishedFlowResults(db, { orgId, collectionId: 'shop', endedBetween: EVERYTHING, flowIds: ['fail'] });
    expect(ofFail.map((result) => result.result)).toEqual(['FAILED', 'FAILED']);
    expect(await finishedFlowResults(db, { orgId, endedBetween: EVERYTHING, flowIds: [] })).toEqual([]);
    expect(await finishedFlowResults(db, { orgId, collectionId: 'another', endedBetween: EVERYTHING })).toEqual([]);
    expect(await finishedFlowResults(db, { orgId: 'another-organization', endedBetween: EVERYTHING })).toEqual([]);
    expect(await finishedFlowResults(db, { orgId, endedBetween: { from: '2026-10-01T02:00:00.000Z', to: '2026-10-01T02:00:00.000Z' } })).toHaveLength(3);
  });

  it('links each compared result to the one before it on its version as it is recorded, in any order, as the bulk link does', async () => {
    const other = 'd'.repeat(64);
    const runs = [
      await seedRun('PASSED', { checkout: [['PASSED']] }, 'linked'),
      await seedRun('FAILED', { checkout: [['FAILED']] }, 'linked'),
      await seedRun('PASSED', { checkout: [['SKIPPED']] }, 'linked'),
      await seedRun('FAILED', { checkout: [['FAILED']] }, 'linked', other),
      await seedRun('PASSED', { checkout: [['FAILED'], ['PASSED']] }, 'linked'),
      await seedRun('PASSED', { checkout: [['PASSED']] }, 'linked', other),
    ];
    // Runs 5 and 2 end first on another replica: recorded before the runs that ended before them.
    for (const index of [4, 1, 0, 3, 2, 5]) await recordRunFlowResults(db, { orgId, statusId: runs[index] ?? '' });
    const links = () =>
      db
        .selectFrom('run_flow_results')
        .select(['status_id', 'ended_at', 'previous_result', 'previous_ended_at'])
        .where('collection_id', '=', 'linked')
        .orderBy('ended_at')
        .execute();
    const recorded = await links();
    const ended = recorded.map((row) => row.ended_at);
    expect(recorded.map((row) => [row.previous_result, row.previous_ended_at])).toEqual([
      [null, null],
      ['PASSED', ended[0]],
      // SKIPPED is never compared; run 4 is the first of the other version.
      [null, null],
      [null, null],
      ['FAILED', ended[1]],
      ['FAILED', ended[3]],
    ]);

    await db.updateTable('run_flow_results').set({ previous_result: null, previous_ended_at: null }).where('collection_id', '=', 'linked').execute();
    await sql.raw(LINK_PREVIOUS_RESULTS_SQL).execute(db);
    expect(await links()).toEqual(recorded);
  });
});
