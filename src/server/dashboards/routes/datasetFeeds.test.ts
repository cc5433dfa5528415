import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_DATA_ATTRIBUTES,
  CAPTURED_DATA_ATTRIBUTES,
  columnCells,
  datasetResponseSchema,
  MAX_DATASET_RANGE_MS,
  rowsOfDataset,
  type Dataset,
  type DatasetRow,
} from '../../../shared/contracts/dashboards';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import type { Db } from '../../db/database';
import type { StepResultValue } from '../../db/schema-runs';
import { insertHistoryCollection, insertHistoryRuns } from '../../testing/historyFixtures';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { analyticsDataOf, capturedDataOf } from '../datasets';
import { RANGE_TOO_WIDE_MESSAGE } from '../feedQuery';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T10:00:00.000Z');
const at = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();

/** Step results of a run written straight into the database, a minute apart from `start`, each lasting `ms`. */
async function insertSteps(db: Db, statusId: string, start: number, results: readonly StepResultValue[], ms = 1_500): Promise<void> {
  await db
    .insertInto('step_results')
    .values(
      results.map((result, index) => ({
        status_id: statusId,
        flow_index: 0,
        flow_id: 'flow-1',
        flow_name: 'Checkout flow',
        flow_type: 'FLOW',
        flow_loop: 1,
        step_id: `step-${index}`,
        step_name: `Step ${index}`,
        action: 'click',
        result,
        error_detail: '',
        validation_result: '',
        images: '[]',
        attachments: '[]',
        time_started: at(start + index * MINUTE),
        time_completed: at(start + index * MINUTE + ms),
      })),
    )
    .execute();
}

/**
 * The feeds over history written as fixtures: the organization boundary, permissions, validation and the row cut.
 * What the rows hold for real runs is tested in realRuns.test.ts.
 */
describe('dataset feeds: datasets/organization/{orgId}/testSuite/{ids} and botanalytics/{orgId}', () => {
  let t: TestServer;
  let orgId: string;
  let viewer: string;
  let studioOnly: string;
  let other: { orgId: string; token: string };
  let orgManager: { orgId: string; token: string };
  const collection = { checkout: '', login: '', foreign: '' };
  const range = { startDate: T0 - 60 * MINUTE, endDate: T0 + 24 * 60 * MINUTE };

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    viewer = await t.tokenFor(await t.createUser(['DASHBOARD_PUBLISHED']));
    studioOnly = await t.tokenFor(await t.createUser(['STUDIO', 'OPERATIONS_CENTER']));
    other = await anotherOrganization(t, ['DASHBOARD_MANAGEMENT']);
    orgManager = await anotherOrganization(t, ['DASHBOARD_PUBLISHED', 'ORGANIZATIONS_MANAGEMENT']);

    collection.checkout = await insertHistoryCollection(db, { orgId, name: 'Checkout', createdAt: at(-MINUTE * 600) });
    collection.login = await insertHistoryCollection(db, { orgId, name: 'Login', createdAt: at(-MINUTE * 600) });
    collection.foreign = await insertHistoryCollection(db, { orgId: other.orgId, name: 'Foreign', createdAt: at(-MINUTE * 600) });
    const [checkoutRun, loginRun, earlyRun, foreignRun] = await insertHistoryRuns(db, [
      { orgId, collectionId: collection.checkout, state: 'FAILED', submitted: at(0), started: at(0), completed: at(10 * MINUTE), testSuiteName: 'Checkout' },
      { orgId, collectionId: collection.login, state: 'PASSED', submitted: at(MINUTE), started: at(MINUTE), completed: at(3 * MINUTE), testSuiteName: 'Login' },
      // Started before the range: neither its steps nor the run count.
      { orgId, collectionId: collection.login, state: 'PASSED', submitted: at(-3 * 60 * MINUTE), started: at(-3 * 60 * MINUTE), completed: at(-2 * 60 * MINUTE) },
      { orgId: other.orgId, collectionId: collection.foreign, state: 'PASSED', submitted: at(0), started: at(0), completed: at(MINUTE), testSuiteName: 'Foreign' },
    ]);
    await insertSteps(db, checkoutRun ?? '', 0, ['PASSED', 'PASSED', 'FAILED']);
    await insertSteps(db, loginRun ?? '', MINUTE, ['PASSED', 'PASSED']);
    await insertSteps(db, earlyRun ?? '', -3 * 60 * MINUTE, ['PASSED']);
    await insertSteps(db, foreignRun ?? '', 0, ['PASSED']);
  });
  afterAll(async () => t.close());

  const query = (extra: Record<string, string | number> = {}, bounds: { startDate: number; endDate: number } = range) =>
    new URLSearchParams(Object.entries({ ...bounds, ...extra }).map(([key, value]) => [key, String(value)])).toString();
  const captured = (org: string, ids: string[] | 'all', token: string, bounds = range) =>
    t.request(`${endpoints.dashboards.datasets(org, ids === 'all' ? ['all'] : ids)}?${query({}, bounds)}`, { token });
  const analytics = (org: string, token: string, extra: Record<string, string> = {}, bounds = range) =>
    t.request(`${endpoints.dashboards.botAnalytics(org)}?${query(extra, bounds)}`, { token });
  /** The answer with its columnar results read back as row objects, which the assertions compare. */
  const dataOf = async (response: Response): Promise<Omit<Dataset, 'results'> & { results: DatasetRow[] }> => {
    expect(response.status, await response.clone().text()).toBe(200);
    const data = datasetResponseSchema.parse(await response.json()).data;
    return { ...data, results: rowsOfDataset(data) };
  };
  const refused = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  };

  it("answers the organization's step rows with the Captured Data attributes, oldest first", async () => {
    const data = await dataOf(await captured(orgId, 'all', viewer));
    expect(data.attributes).toEqual(CAPTURED_DATA_ATTRIBUTES);
    expect(data.truncated).toBe(false);
    expect(data.results.map((row) => [row.collection, row.step, row.result])).toEqual([
      ['Checkout', 'Step 0', 'PASSED'],
      // Steps of the same time in the order they were recorded.
      ['Checkout', 'Step 1', 'PASSED'],
      ['Login', 'Step 0', 'PASSED'],
      ['Checkout', 'Step 2', 'FAILED'],
      ['Login', 'Step 1', 'PASSED'],
    ]);
    expect(data.results[0]).toMatchObject({ time: T0, flow: 'Checkout flow', duration: 1_500, count: 1, failureLabel: null, tags: '', version: null });
    // HYBRID fixtures hold no resource.
    expect(data.results[0]?.device).toBeNull();

    const login = await dataOf(await captured(orgId, [collection.login], viewer));
    expect(login.results.map((row) => row.collection)).toEqual(['Login', 'Login']);
  });

  it('sends results as columns: one per attribute, in the order of the attributes, each category text once', async () => {
    const response = await captured(orgId, 'all', viewer);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { attributes: { name: string }[]; results: unknown[] } };
    expect(data.results).toHaveLength(data.attributes.length);
    const column = (name: string) => data.results[data.attributes.findIndex((attribute) => attribute.name === name)];
    // Categories: their distinct cells, first seen first, and a code per row.
    expect(column('collection')).toEqual({ values: ['Checkout', 'Login'], codes: [0, 0, 1, 0, 1] });
    expect(column('step')).toEqual({ values: ['Step 0', 'Step 1', 'Step 2'], codes: [0, 1, 0, 2, 1] });
    expect(column('device')).toEqual({ values: [null], codes: [0, 0, 0, 0, 0] });
    // Times and values: a plain cell per row.
    expect(column('time')).toEqual([T0, T0 + MINUTE, T0 + MINUTE, T0 + 2 * MINUTE, T0 + 2 * MINUTE]);
    expect(column('count')).toEqual([1, 1, 1, 1, 1]);
    const answer = (results: unknown[]) => datasetResponseSchema.safeParse({ success: true, data: { ...data, results } }).success;
    expect(answer(data.results)).toBe(true);
    // Uneven columns, and codes pointing outside their values, are no dataset.
    expect(answer([...data.results.slice(1), ['x']])).toBe(false);
    expect(answer([data.results[0], { values: ['Checkout'], codes: [0, 0, 1, 0, 1] }, ...data.results.slice(2)])).toBe(false);
    expect(answer([data.results[0], { values: ['Checkout', 'Login'], codes: [0, 0, 1, 0, 0.5] }, ...data.results.slice(2)])).toBe(false);
  });

  it("answers one row per finished run with the Analytics Data attributes, step counts from the run's steps", async () => {
    const data = await dataOf(await analytics(orgId, viewer));
    expect(data.attributes).toEqual(ANALYTICS_DATA_ATTRIBUTES);
    expect(data.results).toEqual([
      expect.objectContaining({ collection: 'Login', result: 'PASSED', time: T0 + 3 * MINUTE, duration: 2 * MINUTE, passedSteps: 2, failedSteps: 0, count: 1 }),
      expect.objectContaining({ collection: 'Checkout', result: 'FAILED', time: T0 + 10 * MINUTE, duration: 10 * MINUTE, passedSteps: 2, failedSteps: 1 }),
    ]);
    expect(data.results[0]?.triggeredBy).toBe('someone@example.test');
    const checkout = await dataOf(await analytics(orgId, viewer, { testChainId: `${collection.checkout},` }));
    expect(checkout.results.map((row) => row.collection)).toEqual(['Checkout']);
    expect((await dataOf(await analytics(orgId, viewer, { testChainId: '' }))).results).toHaveLength(2);
  });

  it('keeps organizations apart: collection ids of another organization match nothing, its feed needs ORGANIZATIONS_MANAGEMENT', async () => {
    expect((await dataOf(await captured(orgId, [collection.foreign], viewer))).results).toEqual([]);
    expect((await dataOf(await analytics(orgId, viewer, { testChainId: collection.foreign }))).results).toEqual([]);
    const theirs = await dataOf(await captured(other.orgId, 'all', other.token));
    expect(theirs.results.map((row) => row.collection)).toEqual(['Foreign']);
    expect((await dataOf(await captured(other.orgId, [collection.checkout], other.token))).results).toEqual([]);

    await refused(await captured(orgId, 'all', other.token), 403);
    await refused(await analytics(orgId, other.token), 403);
    expect((await dataOf(await captured(orgId, 'all', orgManager.token))).results).toHaveLength(5);
    expect((await dataOf(await analytics(orgId, orgManager.token))).results).toHaveLength(2);
    await refused(await captured('no-such-organization', 'all', orgManager.token), 404);
  });

  it('answers 403 to a user without the dashboard permissions', async () => {
    await refused(await captured(orgId, 'all', studioOnly), 403);
    await refused(await analytics(orgId, studioOnly), 403);
  });

  it('refuses a range that is too wide, reversed or missing with 400 and field errors', async () => {
    const wide = { startDate: T0, endDate: T0 + MAX_DATASET_RANGE_MS + 1 };
    for (const response of [await captured(orgId, 'all', viewer, wide), await analytics(orgId, viewer, {}, wide)]) {
      expect((await refused(response, 400)).fieldErrors?.endDate).toEqual([RANGE_TOO_WIDE_MESSAGE]);
    }
    const reversed = { startDate: T0, endDate: T0 - 1 };
    for (const response of [await captured(orgId, 'all', viewer, reversed), await analytics(orgId, viewer, {}, reversed)]) {
      expect((await refused(response, 400)).fieldErrors?.endDate).toEqual(['endDate must not be before startDate']);
    }
    const missing = await t.request(`${endpoints.dashboards.datasets(orgId, ['all'])}?endDate=abc`, { token: viewer });
    expect(Object.keys((await refused(missing, 400)).fieldErrors ?? {}).sort()).toEqual(['endDate', 'startDate']);
    // The widest range allowed is answered.
    expect((await dataOf(await captured(orgId, 'all', viewer, { startDate: T0 + MINUTE - MAX_DATASET_RANGE_MS, endDate: T0 + MINUTE }))).results.length).toBeGreaterThan(0);
  });

  it('keeps the newest rows and says so when the range holds more than the limit', async () => {
    const db = t.server.services.db;
    const steps = await capturedDataOf(db, { orgId, range, scope: 'all', maxRows: 3 });
    expect(steps.truncated).toBe(true);
    expect(rowsOfDataset(steps).map((row) => [row.collection, row.step])).toEqual([
      ['Login', 'Step 0'],
      ['Checkout', 'Step 2'],
      ['Login', 'Step 1'],
    ]);
    const runs = await analyticsDataOf(db, { orgId, range, scope: 'all', maxRows: 1 });
    expect(runs.truncated).toBe(true);
    expect(rowsOfDataset(runs)).toMatchObject([{ collection: 'Checkout' }]);
    expect((await capturedDataOf(db, { orgId, range, scope: 'all', maxRows: 5 })).truncated).toBe(false);
  });
});

/**
 * The bytes of the answers a report reads (issue 27: a year of them had to be parsed and decoded before a chart was
 * drawn), over fixed history, so the figure is the same on every machine: rows keyed by name repeat every attribute
 * name per row, plain columns every category text.
 */
describe('dataset feeds: the size of the answer', () => {
  const DAYS = 90;
  const COLLECTIONS = ['Checkout', 'Login', 'Search'];
  const STEPS: StepResultValue[] = ['PASSED', 'PASSED', 'PASSED', 'FAILED'];
  let t: TestServer;
  let orgId: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    token = await t.tokenFor(t.admin);
    const ids = await Promise.all(COLLECTIONS.map((name) => insertHistoryCollection(db, { orgId, name, createdAt: at(-MINUTE) })));
    const runs = Array.from({ length: DAYS * COLLECTIONS.length }, (_, n) => ({
      start: n * 8 * 60 * MINUTE,
      collection: n % COLLECTIONS.length,
    }));
    const statusIds = await insertHistoryRuns(
      db,
      runs.map(({ start, collection }) => ({
        orgId,
        collectionId: ids[collection] ?? '',
        testSuiteName: COLLECTIONS[collection],
        state: 'FAILED' as const,
        submitted: at(start),
        started: at(start),
        completed: at(start + 5 * MINUTE),
      })),
    );
    for (const [index, statusId] of statusIds.entries()) await insertSteps(db, statusId, runs[index]?.start ?? 0, STEPS, 1_000 + (index % 7) * 250);
  });
  afterAll(async () => t.close());

  it('sends Captured Data of 90 days of steps in at most 40 bytes a row: under half of plain columns, a quarter of keyed rows', async () => {
    const response = await t.request(`${endpoints.dashboards.datasets(orgId, ['all'])}?startDate=${T0}&endDate=${T0 + DAYS * 24 * 60 * MINUTE}`, { token });
    const text = await response.text();
    const data = datasetResponseSchema.parse(JSON.parse(text)).data;
    const rows = rowsOfDataset(data);
    const keyedBytes = JSON.stringify({ success: true, data: { attributes: data.attributes, results: rows } }).length;
    const plainBytes = JSON.stringify({ success: true, data: { ...data, results: data.results.map(columnCells) } }).length;
    expect(rows).toHaveLength(DAYS * COLLECTIONS.length * STEPS.length);
    // 38.2 bytes a row when written; plain columns were 83.3, keyed rows 188.2.
    expect(text.length / rows.length).toBeLessThanOrEqual(40);
    expect(text.length).toBeLessThan(plainBytes / 2);
    expect(text.length).toBeLessThan(keyedBytes / 4);
  });
});
