import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionListResponseSchema, collectionResponseSchema } from '../../../shared/contracts/collections';
import { datasetResponseSchema, rowsOfDataset, type Dataset, type DatasetRow } from '../../../shared/contracts/dashboards';
import type { RunDetails } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { DEMO_FAILING_COLLECTION, DEMO_PASSING_COLLECTION } from '../../demo/seedDemoCollections';
import { attachCollectionLabel, insertFailureLabel } from '../../failure-labels/repository';
import { insertTag } from '../../tags/repository';
import { CHROMIUM, saveCollection, trigger, waitForRun } from '../../testing/runFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';

/** The rows a run's report implies: one per step it recorded, with the report's own times. */
function stepRowsOf(details: RunDetails) {
  return details.testCaseDetails.flatMap((flow) =>
    flow.testCaseDetailByLoop.flatMap((loop) =>
      loop.steps.map((step) => ({
        time: Date.parse(step.timeStarted),
        collection: details.testSuiteName,
        flow: flow.testCaseName,
        step: step.stepName,
        result: step.result,
        duration: Date.parse(step.timeCompleted) - Date.parse(step.timeStarted),
      })),
    ),
  );
}

const byTime = (a: { time: unknown }, b: { time: unknown }) => Number(a.time) - Number(b.time);

/**
 * The seeded collections run for real in Chromium (the passing one twice, the failing one once); both datasets are
 * then checked against what each run's report says.
 */
describe.skipIf(!existsSync(CHROMIUM))('dataset feeds over real runs of the seeded collections', () => {
  let t: TestServer;
  let token: string;
  let orgId: string;
  let started: number;
  const runs: RunDetails[] = [];
  const names = { resource: '', admin: '', label: 'Wrong heading' };
  const ids = { passing: '', failing: '' };

  beforeAll(async () => {
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 1 });
    const db = t.server.services.db;
    token = await t.tokenFor(t.admin);
    const admin = await findUserByUserId(db, t.admin.email);
    orgId = admin?.org_id ?? '';
    names.admin = `${admin?.first_name ?? ''} ${admin?.last_name ?? ''}`.trim() || t.admin.email;
    names.resource = (await db.selectFrom('resources').select('device_display_name').executeTakeFirstOrThrow()).device_display_name;

    const list = collectionListResponseSchema.parse(await (await t.request(endpoints.collections.list, { token })).json()).data;
    ids.passing = list.find((row) => row.testSuiteName === DEMO_PASSING_COLLECTION)?.id ?? '';
    ids.failing = list.find((row) => row.testSuiteName === DEMO_FAILING_COLLECTION)?.id ?? '';
    // The passing collection carries a tag and a version, which its runs' snapshots keep.
    const smoke = await insertTag(db, { orgId, tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false });
    const version = await insertTag(db, { orgId, tagName: 'v1.0', tagType: 'VERSION_TAG', hideTag: false });
    const loaded = collectionResponseSchema.parse(await (await t.request(`${endpoints.collections.load}?id=${ids.passing}`, { token })).json()).data;
    await saveCollection(t, token, { ...loaded, tags: [smoke.id], version: version.id });

    started = Date.now();
    for (const collectionId of [ids.passing, ids.failing, ids.passing]) {
      runs.push(await waitForRun(t, token, await trigger(t, token, collectionId), undefined, 60_000));
    }
    const failing = runs.find((run) => run.testSuiteName === DEMO_FAILING_COLLECTION);
    const label = await insertFailureLabel(db, orgId, names.label);
    await attachCollectionLabel(db, failing?.statusId ?? '', label.labelId, t.admin.email);
  }, 180_000);
  afterAll(async () => t.close());

  const range = () => `startDate=${started - 1_000}&endDate=${Date.now() + 1_000}`;
  /** The answer with its columnar results read back as row objects. */
  const dataOf = async (path: string): Promise<Omit<Dataset, 'results'> & { results: DatasetRow[] }> => {
    const response = await t.request(path, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    const data = datasetResponseSchema.parse(await response.json()).data;
    return { ...data, results: rowsOfDataset(data) };
  };

  it('ran the seeded collections: two passed, one failed', () => {
    expect(runs.map((run) => run.testStatus)).toEqual(['PASSED', 'FAILED', 'PASSED']);
  });

  it('answers a Captured Data row for every step the runs recorded, with their resource, label, tags and version', async () => {
    const data = await dataOf(`${endpoints.dashboards.datasets(orgId, ['all'])}?${range()}`);
    const expected = runs.flatMap(stepRowsOf).sort(byTime);
    expect(data.results).toHaveLength(expected.length);
    const pick = (row: DatasetRow) => ({ time: row.time, collection: row.collection, flow: row.flow, step: row.step, result: row.result, duration: row.duration });
    expect(data.results.map(pick)).toEqual(expected);
    expect(data.results.every((row) => row.device === names.resource && row.count === 1)).toBe(true);

    const passing = data.results.filter((row) => row.collection === DEMO_PASSING_COLLECTION);
    const failing = data.results.filter((row) => row.collection === DEMO_FAILING_COLLECTION);
    expect(passing.every((row) => row.tags === 'smoke' && row.version === 'v1.0' && row.failureLabel === null && row.result === 'PASSED')).toBe(true);
    expect(failing.every((row) => row.tags === '' && row.version === null && row.failureLabel === names.label)).toBe(true);
    expect(failing.filter((row) => row.result === 'FAILED').map((row) => row.step)).toEqual(['The heading reads Welcome back']);

    const onlyFailing = await dataOf(`${endpoints.dashboards.datasets(orgId, [ids.failing])}?${range()}`);
    expect(onlyFailing.results).toEqual(failing);
  });

  it('answers an Analytics Data row per run, its step counts from the report', async () => {
    const data = await dataOf(`${endpoints.dashboards.botAnalytics(orgId)}?${range()}`);
    expect(data.results).toEqual(
      runs.map((run) => {
        const steps = stepRowsOf(run);
        const passing = run.testSuiteName === DEMO_PASSING_COLLECTION;
        return expect.objectContaining({
          collection: run.testSuiteName,
          result: run.testStatus,
          device: names.resource,
          triggeredBy: names.admin,
          tags: passing ? 'smoke' : '',
          version: passing ? 'v1.0' : null,
          passedSteps: steps.filter((step) => step.result === 'PASSED').length,
          failedSteps: steps.filter((step) => step.result === 'FAILED').length,
          count: 1,
        });
      }),
    );
    expect(data.results.every((row) => typeof row.duration === 'number' && row.duration > 0)).toBe(true);
    const passingOnly = await dataOf(`${endpoints.dashboards.botAnalytics(orgId)}?${range()}&testChainId=${ids.passing}`);
    expect(passingOnly.results.map((row) => row.result)).toEqual(['PASSED', 'PASSED']);
  });
});
