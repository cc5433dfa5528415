import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../shared/contracts/errors';
import {
  scheduleSummaryResponseSchema,
  testSuiteSummaryResponseSchema,
  type SummarySearch,
} from '../../shared/contracts/operations';
import { scheduleExecutionDetailsResponseSchema } from '../../shared/contracts/schedules';
import { endpoints } from '../../shared/endpoints';
import { hashPassword } from '../auth/passwords';
import { insertTag } from '../tags/repository';
import {
  insertHistoryCollection,
  insertHistoryFiring,
  insertHistoryRuns,
  insertHistorySchedule,
  type HistoryRun,
} from '../testing/historyFixtures';
import { anotherOrganization } from '../testing/otherOrganization';
import { startTestServer, type TestServer } from '../testing/testServer';
import { findUserByUserId, insertUser } from '../users/repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T00:00:00.000Z');
const at = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();
const ADA = 'ada@example.test';

describe('Operations Centre summaries: scheduleSummary, scheduleSummaryDetail, testSuiteSummary', () => {
  let t: TestServer;
  let orgId: string;
  let operator: string;
  let controller: string;
  let studioOnly: string;
  let other: { orgId: string; token: string };
  const tag: Record<'smoke' | 'regression' | 'v1' | 'v2', string> = { smoke: '', regression: '', v1: '', v2: '' };
  const collection = { login: '', checkout: '', retired: '', idle: '', scheduled: '' };
  const firing = { failed: '', passed: '', queued: '', running: '', cancelled: '', missed: '', aborted: '' };
  let otherFiring = '';

  const post = (path: string, body: unknown, token = operator) =>
    t.request(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const schedules = async (search: SummarySearch, token = operator) => {
    const response = await post(endpoints.summaryReports.scheduleSummary, search, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return scheduleSummaryResponseSchema.parse(await response.json()).data;
  };
  const suites = async (search: SummarySearch, token = operator) => {
    const response = await post(endpoints.summaryReports.testSuiteSummary, search, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return testSuiteSummaryResponseSchema.parse(await response.json()).data;
  };

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    orgId = (await findUserByUserId(db, t.admin.email))?.org_id ?? '';
    await insertUser(db, { email: ADA, passwordHash: await hashPassword('ada-pass-1234'), orgId, firstName: 'Ada', lastName: 'Lovelace' });
    for (const [key, tagName, tagType] of [
      ['smoke', 'smoke', 'ORGANIZATION_TAG'],
      ['regression', 'regression', 'ORGANIZATION_TAG'],
      ['v1', 'v1.0', 'VERSION_TAG'],
      ['v2', 'v2.0', 'VERSION_TAG'],
    ] as const) {
      tag[key] = (await insertTag(db, { orgId, tagName, tagType, hideTag: false })).id;
    }
    operator = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
    controller = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER', 'CONTROL_ROOM']));
    studioOnly = await t.tokenFor(await t.createUser(['STUDIO', 'CONTROL_ROOM']));
    other = await anotherOrganization(t, ['OPERATIONS_CENTER']);

    // Collections (created days before T0) and their finished runs on the first day.
    collection.login = await insertHistoryCollection(db, { orgId, name: 'Login', tags: [tag.smoke], version: tag.v1, createdBy: ADA, createdAt: at(-3 * DAY) });
    collection.checkout = await insertHistoryCollection(db, { orgId, name: 'Checkout', tags: [tag.regression], version: tag.v2, createdAt: at(-2 * DAY) });
    collection.retired = await insertHistoryCollection(db, { orgId, name: 'Retired', tags: [tag.smoke], createdAt: at(-4 * DAY), deleted: true });
    collection.idle = await insertHistoryCollection(db, { orgId, name: 'Idle', createdAt: at(-5 * DAY) });
    collection.scheduled = await insertHistoryCollection(db, { orgId, name: 'Scheduled', createdAt: at(-6 * DAY) });
    const finished = (collectionId: string, state: HistoryRun['state'], completed: number, statusId?: string): HistoryRun => ({
      orgId,
      collectionId,
      state,
      submitted: at(completed - HOUR),
      started: at(completed - HOUR),
      completed: at(completed),
      ...(statusId ? { statusId } : {}),
    });
    await insertHistoryRuns(db, [
      finished(collection.login, 'FAILED', HOUR),
      finished(collection.login, 'PASSED', 2 * HOUR),
      finished(collection.checkout, 'FAILED', 3 * HOUR),
      // Completed in the same millisecond: the latest is the larger status id.
      finished(collection.checkout, 'PASSED', 4 * HOUR, 'checkout-a'),
      finished(collection.checkout, 'ABORTED', 4 * HOUR, 'checkout-b'),
      finished(collection.retired, 'PASSED', 6 * HOUR),
      finished(collection.idle, 'PASSED', -HOUR),
      { orgId, collectionId: collection.idle, state: 'QUEUED', submitted: at(HOUR) },
    ]);
    const theirCollection = await insertHistoryCollection(db, { orgId: other.orgId, name: 'Theirs', createdAt: at(-DAY) });
    await insertHistoryRuns(db, [{ ...finished(theirCollection, 'PASSED', HOUR), orgId: other.orgId }]);

    // Schedule firings on the tenth day, each with runs (of the Scheduled collection) in the states its status needs.
    const T1 = 10 * DAY;
    const nightly = await insertHistorySchedule(db, { orgId, name: 'Nightly', createdBy: ADA, createdAt: T0 - DAY, updatedAt: T0 - HOUR });
    const retired = await insertHistorySchedule(db, { orgId, name: 'Old', createdBy: 'gone@example.test', createdAt: T0 - 2 * DAY, updatedAt: T0, deleted: true });
    const runs = async (...states: HistoryRun['state'][]) =>
      (
        await insertHistoryRuns(
          db,
          states.map((state) => ({
            orgId,
            collectionId: collection.scheduled,
            state,
            submitted: at(T1),
            ...(state === 'QUEUED' ? {} : { started: at(T1) }),
            ...(state === 'QUEUED' || state === 'RUNNING' ? {} : { completed: at(T1 + HOUR) }),
          })),
        )
      ).map((statusId) => ({ statusId }));
    const fire = (scheduleId: string, offset: number, rest: Partial<Parameters<typeof insertHistoryFiring>[1]> = {}) =>
      insertHistoryFiring(db, { scheduleId, orgId, triggeredAt: T0 + T1 + offset, ...rest });
    firing.failed = await fire(nightly, HOUR, { collectionTags: [tag.smoke], versionTags: [tag.v1], items: await runs('FAILED', 'PASSED') });
    firing.passed = await fire(nightly, 2 * HOUR, { collectionTags: [tag.regression], items: await runs('PASSED', 'PASSED') });
    firing.queued = await fire(nightly, 3 * HOUR, { items: [...(await runs('QUEUED')), { state: 'PENDING' }] });
    firing.running = await fire(nightly, 4 * HOUR, { versionTags: [tag.v2], items: await runs('RUNNING', 'QUEUED') });
    firing.cancelled = await fire(retired, 5 * HOUR, { cancelledBy: ADA, items: [...(await runs('CANCELLED')), { state: 'SKIPPED' }] });
    firing.missed = await fire(nightly, 6 * HOUR, { kind: 'MISSED' });
    firing.aborted = await fire(nightly, 7 * HOUR, { items: await runs('PASSED', 'ABORTED') });
    await fire(nightly, 3 * DAY);
    const theirSchedule = await insertHistorySchedule(db, { orgId: other.orgId, name: 'Theirs', createdBy: 'x', createdAt: T0, updatedAt: T0 });
    otherFiring = await insertHistoryFiring(db, { scheduleId: theirSchedule, orgId: other.orgId, triggeredAt: T0 + T1 + HOUR });
  });
  afterAll(async () => t.close());

  const firstDay = { startDate: at(0), endDate: at(DAY - 1) };
  const tenthDay = { startDate: at(10 * DAY), endDate: at(11 * DAY - 1) };

  describe('scheduleSummary', () => {
    it('lists the firings of the window newest first, with statuses and counts aggregated from their runs', async () => {
      const rows = await schedules(tenthDay);
      expect(rows.map((row) => [row.id, row.status, row.totalCollections, row.passed, row.failed])).toEqual([
        [firing.aborted, 'FAILED', 2, 1, 0],
        [firing.missed, 'MISSED', 0, 0, 0],
        [firing.cancelled, 'CANCELLED', 2, 0, 0],
        [firing.running, 'RUNNING', 2, 0, 0],
        [firing.queued, 'QUEUED', 2, 0, 0],
        [firing.passed, 'PASSED', 2, 2, 0],
        [firing.failed, 'FAILED', 2, 1, 1],
      ]);
      expect(rows.find((row) => row.id === firing.failed)).toEqual({
        id: firing.failed,
        scheduleId: expect.any(String),
        executionType: 'SCHEDULED',
        scheduleName: expect.any(String),
        collectionTags: ['smoke'],
        versionTags: ['v1.0'],
        cancelledBy: null,
        status: 'FAILED',
        startTime: at(10 * DAY + HOUR),
        createdBy: 'Ada Lovelace',
        createdDate: at(-DAY),
        updatedBy: 'Ada Lovelace',
        updatedDate: at(-HOUR),
        totalCollections: 2,
        passed: 1,
        failed: 1,
      });
      expect(rows.find((row) => row.id === firing.cancelled)).toMatchObject({ cancelledBy: 'Ada Lovelace', createdBy: 'gone@example.test' });
      expect(rows.find((row) => row.id === firing.missed)?.executionType).toBe('MISSED');
    });

    it('filters on the collection tags and version tags of the firing, any of each', async () => {
      const idsOf = async (filter: Partial<SummarySearch>) => (await schedules({ ...tenthDay, ...filter })).map((row) => row.id);
      expect(await idsOf({ tags: [tag.smoke] })).toEqual([firing.failed]);
      expect(await idsOf({ tags: [tag.smoke, tag.regression] })).toEqual([firing.passed, firing.failed]);
      expect(await idsOf({ versions: [tag.v1, tag.v2] })).toEqual([firing.running, firing.failed]);
      expect(await idsOf({ tags: [tag.regression], versions: [tag.v1] })).toEqual([]);
      expect(await idsOf({ tags: ['no-such-tag'] })).toEqual([]);
    });

    it('answers an empty list for a window without firings, and never another organization\'s', async () => {
      expect(await schedules(firstDay)).toEqual([]);
      expect((await schedules(tenthDay, other.token)).map((row) => row.id)).toEqual([otherFiring]);
    });
  });

  describe('scheduleSummaryDetail', () => {
    it("answers the Control Room's Collection Execution of the firing; 404 for another organization's or unknown ids", async () => {
      const detail = await t.request(`${endpoints.summaryReports.scheduleSummaryDetail}?id=${firing.failed}`, { token: operator });
      expect(detail.status).toBe(200);
      const body = scheduleExecutionDetailsResponseSchema.parse(await detail.json());
      expect(body.data.collections.map((item) => item.result)).toEqual(['FAILED', 'PASSED']);
      const controlRoom = await t.request(endpoints.schedules.executionDetails(firing.failed), { token: controller });
      expect(body).toEqual(scheduleExecutionDetailsResponseSchema.parse(await controlRoom.json()));
      for (const id of [otherFiring, 'no-such-firing']) {
        const missing = await t.request(`${endpoints.summaryReports.scheduleSummaryDetail}?id=${id}`, { token: operator });
        expect(missing.status).toBe(404);
        expect(errorBodySchema.parse(await missing.json()).message).toBe(`Schedule execution ${id} not found`);
      }
      expect((await t.request(endpoints.summaryReports.scheduleSummaryDetail, { token: operator })).status).toBe(400);
    });
  });

  describe('testSuiteSummary', () => {
    it('lists collections with finished runs in the window by creation date, deleted ones too, with the latest result', async () => {
      const rows = await suites(firstDay);
      expect(rows.map((row) => [row.name, row.status, row.runs, row.passed, row.failed, row.lastRunAt])).toEqual([
        ['Retired', 'PASSED', 1, 1, 0, at(6 * HOUR)],
        ['Login', 'PASSED', 2, 1, 1, at(2 * HOUR)],
        ['Checkout', 'ABORTED', 3, 1, 1, at(4 * HOUR)],
      ]);
      expect(rows[1]).toEqual({
        id: collection.login,
        name: 'Login',
        tags: ['smoke'],
        version: 'v1.0',
        createdBy: 'Ada Lovelace',
        createdDate: at(-3 * DAY),
        updatedBy: 'Ada Lovelace',
        updatedDate: at(-3 * DAY),
        status: 'PASSED',
        runs: 2,
        passed: 1,
        failed: 1,
        lastRunAt: at(2 * HOUR),
      });
      // A narrower window counts only its runs, and the latest result is the latest within it.
      expect((await suites({ startDate: at(0), endDate: at(90 * 60_000) })).map((row) => [row.name, row.status, row.runs])).toEqual([['Login', 'FAILED', 1]]);
    });

    it('filters on the collection tags and version, any of each; empty windows and other organizations show nothing', async () => {
      const namesOf = async (filter: Partial<SummarySearch>, token = operator) => (await suites({ ...firstDay, ...filter }, token)).map((row) => row.name);
      expect(await namesOf({ tags: [tag.smoke] })).toEqual(['Retired', 'Login']);
      expect(await namesOf({ versions: [tag.v2] })).toEqual(['Checkout']);
      expect(await namesOf({ tags: [tag.smoke], versions: [tag.v2] })).toEqual([]);
      expect(await suites({ startDate: at(-10 * DAY), endDate: at(-9 * DAY) })).toEqual([]);
      expect(await namesOf({}, other.token)).toEqual(['Theirs']);
    });
  });

  it('refuses bad dates with 400 and the fields at fault, and callers without OPERATIONS_CENTER with 403', async () => {
    for (const path of [endpoints.summaryReports.scheduleSummary, endpoints.summaryReports.testSuiteSummary]) {
      const fieldErrors = async (body: unknown) => {
        const response = await post(path, body);
        expect(response.status).toBe(400);
        return Object.keys(errorBodySchema.parse(await response.json()).fieldErrors ?? {});
      };
      expect(await fieldErrors({ startDate: 'yesterday', endDate: at(0) })).toContain('startDate');
      expect(await fieldErrors({ startDate: at(0) })).toEqual(['endDate']);
      expect(await fieldErrors({ startDate: at(DAY), endDate: at(0) })).toEqual(['endDate']);
      expect(await fieldErrors({ ...firstDay, tags: 'smoke' })).toEqual(['tags']);
      expect((await post(path, firstDay, studioOnly)).status).toBe(403);
    }
    expect((await t.request(`${endpoints.summaryReports.scheduleSummaryDetail}?id=${firing.failed}`, { token: studioOnly })).status).toBe(403);
  });
});
