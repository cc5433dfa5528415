import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { cancelQueuedResponseSchema, runSearchResponseSchema, type RunSearch } from '../../../shared/contracts/operations';
import { queuedTestsResponseSchema, RUN_MESSAGES } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { hashPassword } from '../../auth/passwords';
import { insertTag } from '../../tags/repository';
import { insertHistoryRuns, type HistoryRun } from '../../testing/historyFixtures';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId, insertUser } from '../../users/repository';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T00:00:00.000Z');
const at = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();
const DEVICE = 'ops-lab-phone';

describe('stats/search, getQueuedTests and cancelQueuedTests (Operations Centre)', () => {
  let t: TestServer;
  let orgId: string;
  let operator: string;
  let studio: string;
  let neither: string;
  let other: { orgId: string; userId: string; token: string };
  const ids: Record<string, string> = {};
  const failedPage: string[] = [];

  const search = (query: Record<string, unknown>, token = operator) =>
    t.request(`${endpoints.runs.search}?data=${encodeURIComponent(JSON.stringify(query))}`, { token });
  const found = async (query: RunSearch, token = operator) => {
    const response = await search(query, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return runSearchResponseSchema.parse(await response.json());
  };
  const statusIdsOf = async (query: RunSearch, token = operator) => (await found(query, token)).data.map((row) => row.statusId);
  const fieldErrorsOf = async (response: Response) => {
    expect(response.status).toBe(400);
    return errorBodySchema.parse(await response.json()).fieldErrors ?? {};
  };

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    const admin = await findUserByUserId(db, t.admin.email);
    orgId = admin?.org_id ?? '';
    await insertUser(db, { email: 'ada@example.test', passwordHash: await hashPassword('ada-pass-1234'), orgId, firstName: 'Ada', lastName: 'Lovelace' });
    await db
      .insertInto('resources')
      .values({
        id: DEVICE,
        device_id: DEVICE,
        device_name: DEVICE,
        device_display_name: 'Lab phone',
        cmd_device_type: 'MOBILE',
        plugged_in: 0,
        device_in_use: 0,
        created_at: at(0),
        updated_at: at(0),
        remote_endpoint: null,
        token_hash: null,
        last_seen_at: null,
      })
      .execute();
    const version = await insertTag(db, { orgId, tagName: 'v1.0', tagType: 'VERSION_TAG', hideTag: false });
    operator = await t.tokenFor(await t.createUser(['OPERATIONS_CENTER']));
    studio = await t.tokenFor(await t.createUser(['STUDIO']));
    neither = await t.tokenFor(await t.createUser(['CONTROL_ROOM']));
    other = await anotherOrganization(t, ['OPERATIONS_CENTER']);

    const run = (name: string, input: Omit<HistoryRun, 'orgId' | 'collectionId'> & { collectionId?: string }): [string, HistoryRun] => [
      name,
      { orgId, collectionId: 'c1', ...input },
    ];
    const named = [
      run('failed', {
        state: 'FAILED',
        submitted: at(-2 * HOUR),
        started: at(HOUR - 90_000),
        completed: at(HOUR),
        devices: [DEVICE],
        triggeredBy: 'ada@example.test',
        versionId: version.id,
      }),
      run('passed', { state: 'PASSED', submitted: at(HOUR), started: at(HOUR), completed: at(2 * HOUR), devices: ['browser-1'] }),
      run('aborted', { state: 'ABORTED', submitted: at(2 * HOUR), started: at(2 * HOUR), completed: at(3 * HOUR), collectionId: 'c2' }),
      run('cancelled', { state: 'CANCELLED', submitted: at(3 * HOUR), completed: at(4 * HOUR), cancelledBy: 'ada@example.test', asked: [DEVICE] }),
      run('late', { state: 'PASSED', submitted: at(5 * HOUR), started: at(5 * HOUR), completed: at(30 * HOUR) }),
      run('queued', { state: 'QUEUED', submitted: at(6 * HOUR), asked: [DEVICE] }),
      run('running', { state: 'RUNNING', submitted: at(7 * HOUR), started: at(7 * HOUR) }),
    ] as const;
    const inserted = await insertHistoryRuns(
      db,
      named.map(([, input]) => input),
    );
    named.forEach(([name], index) => (ids[name] = inserted[index] ?? ''));

    // 25 failed runs on the next day, two of them completed in the same millisecond.
    const page: HistoryRun[] = Array.from({ length: 25 }, (_, index) => ({
      orgId,
      collectionId: 'c3',
      state: 'FAILED',
      statusId: `page-${String(index).padStart(2, '0')}`,
      submitted: at(24 * HOUR + index * 60_000),
      started: at(24 * HOUR + index * 60_000),
      completed: at(24 * HOUR + Math.min(index, 23) * 60_000 + 30_000),
    }));
    failedPage.push(...(await insertHistoryRuns(db, page)).reverse());
    // Another organization's runs in the same windows never show.
    await insertHistoryRuns(db, [
      { orgId: other.orgId, collectionId: 'c1', state: 'FAILED', submitted: at(0), started: at(0), completed: at(HOUR + 1) },
      { orgId: other.orgId, collectionId: 'c1', state: 'QUEUED', submitted: at(6 * HOUR) },
    ]);
  });
  afterAll(async () => t.close());

  const day = { dateStart: at(0), dateEnd: at(24 * HOUR - 1) };

  it('selects the form statuses, SAVED and run states, finished ones by completion time, newest first', async () => {
    expect(await statusIdsOf({ ...day, status: 'FAILED-TESTCASE' })).toEqual([ids.failed]);
    expect(await statusIdsOf({ ...day, status: 'PASSED-TESTCASE' })).toEqual([ids.passed]);
    expect(await statusIdsOf({ ...day, status: 'COMPLETED' })).toEqual([ids.passed, ids.failed]);
    expect(await statusIdsOf({ ...day, status: 'ABORTED' })).toEqual([ids.aborted]);
    expect(await statusIdsOf({ ...day, status: 'CANCELLED' })).toEqual([ids.cancelled]);
    expect(await statusIdsOf({ ...day, status: 'SAVED' })).toEqual([ids.cancelled, ids.aborted, ids.passed, ids.failed]);
    expect(await statusIdsOf({ ...day, status: 'PASSED' })).toEqual([ids.passed]);
    // 'late' was triggered within the day but completed the day after: a finished status goes by completion.
    expect(await statusIdsOf({ dateStart: at(29 * HOUR), dateEnd: at(31 * HOUR), status: 'PASSED-TESTCASE' })).toEqual([ids.late]);
    // Queued and running runs, and a search without status, go by trigger time.
    expect(await statusIdsOf({ ...day, status: 'QUEUED' })).toEqual([ids.queued]);
    expect(await statusIdsOf({ ...day, status: 'RUNNING' })).toEqual([ids.running]);
    expect(await statusIdsOf(day)).toEqual([ids.running, ids.queued, ids.late, ids.cancelled, ids.aborted, ids.passed]);
    expect(await statusIdsOf({ dateStart: at(-3 * HOUR), dateEnd: at(-HOUR) })).toEqual([ids.failed]);
  });

  it('filters by resource (held, or asked for when none was held) and by collection', async () => {
    expect(await statusIdsOf({ deviceId: DEVICE })).toEqual([ids.queued, ids.cancelled, ids.failed]);
    expect(await statusIdsOf({ ...day, deviceId: 'browser-1', status: 'SAVED' })).toEqual([ids.passed]);
    expect(await statusIdsOf({ ...day, collectionId: 'c2' })).toEqual([ids.aborted]);
    expect(await found({ ...day, deviceId: 'nowhere' })).toEqual({ success: true, data: [], total: 0, page: 1, pageSize: 100 });
  });

  it('filters by part of the collection name, in any case, with no wildcards, on the server pages and total', async () => {
    expect(await statusIdsOf({ ...day, collectionName: 'suite C2' })).toEqual([ids.aborted]);
    expect(await statusIdsOf({ ...day, status: 'SAVED', collectionName: '  c1 ' })).toEqual([ids.cancelled, ids.passed, ids.failed]);
    // Blank filters nothing.
    expect(await statusIdsOf({ ...day, status: 'SAVED', collectionName: ' ' })).toEqual([ids.cancelled, ids.aborted, ids.passed, ids.failed]);

    const window = { status: 'SAVED' as const, dateStart: at(200 * HOUR), dateEnd: at(201 * HOUR) };
    const names = ['Demo_Sign_In', 'DemoXSignXIn', '100% checkout', 'Nightly DEMO_sign_in run'];
    const [exact, lookalike, percent, nightly] = await insertHistoryRuns(
      t.server.services.db,
      names.map((testSuiteName, index) => ({ orgId, collectionId: `n${index}`, testSuiteName, state: 'PASSED', submitted: at(200 * HOUR), completed: at(200 * HOUR + index + 1) })),
    );
    // '_' and '%' are plain characters, not LIKE wildcards.
    expect(await statusIdsOf({ ...window, collectionName: 'demo_sign_in' })).toEqual([nightly, exact]);
    expect(await statusIdsOf({ ...window, collectionName: '%' })).toEqual([percent]);
    expect(await statusIdsOf({ ...window, collectionName: 'signx' })).toEqual([lookalike]);
    const paged = await found({ ...window, collectionName: 'DEMO', pageSize: 2, page: 2 });
    expect([paged.total, paged.data.map((row) => row.statusId)]).toEqual([3, [exact]]);
  });

  it('answers history rows with the version tag, author and resource names and the duration', async () => {
    const [failed] = (await found({ ...day, status: 'FAILED-TESTCASE' })).data;
    expect(failed).toMatchObject({
      statusId: ids.failed,
      testStatus: 'FAILED',
      versionTag: 'v1.0',
      userTriggeredName: 'Ada Lovelace',
      userCancelledName: null,
      devices: [DEVICE],
      deviceNames: { [DEVICE]: 'Lab phone' },
      duration: 90_000,
    });
    const [cancelled] = (await found({ ...day, status: 'CANCELLED' })).data;
    expect(cancelled).toMatchObject({
      versionTag: null,
      userTriggeredName: 'someone@example.test',
      userCancelledName: 'Ada Lovelace',
      deviceNames: { [DEVICE]: 'Lab phone' },
      duration: null,
    });
    const [passed] = (await found({ ...day, status: 'PASSED' })).data;
    expect(passed?.deviceNames).toEqual({ 'browser-1': 'Browser 1' });
  });

  it('pages on the server with the total: the pages cover every run once, a page past the end is empty', async () => {
    const window = { status: 'FAILED-TESTCASE' as const, dateStart: at(24 * HOUR), dateEnd: at(48 * HOUR) };
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await found({ ...window, page, pageSize: 10 }));
    expect(pages.map((answer) => [answer.data.length, answer.total, answer.page, answer.pageSize])).toEqual([
      [10, 25, 1, 10],
      [10, 25, 2, 10],
      [5, 25, 3, 10],
    ]);
    // Newest completion first; the two completed in the same millisecond by status id, descending.
    expect(pages.flatMap((answer) => answer.data.map((row) => row.statusId))).toEqual(failedPage.slice(0, 25));
    expect(failedPage.slice(0, 2)).toEqual(['page-24', 'page-23']);
    expect(await found({ ...window, page: 4, pageSize: 10 })).toMatchObject({ data: [], total: 25, page: 4 });
    expect((await found({ ...window, pageSize: 1000 })).data).toHaveLength(25);
  });

  it('refuses bad searches with 400 and the fields at fault, never 500', async () => {
    expect(await fieldErrorsOf(await search({ pageSize: 1001 }))).toHaveProperty('pageSize');
    expect(await fieldErrorsOf(await search({ page: 0 }))).toHaveProperty('page');
    expect(await fieldErrorsOf(await search({ dateStart: 'yesterday' }))).toHaveProperty('dateStart');
    expect(await fieldErrorsOf(await search({ dateStart: at(HOUR), dateEnd: at(0) }))).toEqual({ dateEnd: ['End date must not be before the start date.'] });
    expect(await fieldErrorsOf(await search({ status: 'DONE' }))).toHaveProperty('status');
    expect(await fieldErrorsOf(await search({ collectionName: 'x'.repeat(201) }))).toHaveProperty('collectionName');
    expect(await fieldErrorsOf(await search({ collectionName: 7 }))).toHaveProperty('collectionName');
    expect(await fieldErrorsOf(await search({ extra: 1 }))).toHaveProperty('_');
    expect(await fieldErrorsOf(await t.request(`${endpoints.runs.search}?data=not-json`, { token: operator }))).toHaveProperty('data');
    expect(await fieldErrorsOf(await t.request(`${endpoints.runs.search}?data=null`, { token: operator }))).toBeDefined();
  });

  it('serves STUDIO or OPERATIONS_CENTER, 403 without both; another organization sees only its own runs', async () => {
    expect(await statusIdsOf({ ...day, status: 'FAILED-TESTCASE' }, studio)).toEqual([ids.failed]);
    expect((await search({}, neither)).status).toBe(403);
    expect((await t.request(endpoints.runs.queued, { token: neither })).status).toBe(403);
    const cancel = await t.request(endpoints.runs.cancelQueued, {
      method: 'POST',
      token: neither,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'all=true',
    });
    expect(cancel.status).toBe(403);

    const theirs = await found({ dateStart: at(-HOUR), dateEnd: at(24 * HOUR) }, other.token);
    expect(theirs.total).toBe(2);
    expect(theirs.data.every((row) => !Object.values(ids).includes(row.statusId) && !failedPage.includes(row.statusId))).toBe(true);
  });

  describe('the queue', () => {
    const cancel = (body: string, token: string) =>
      t.request(endpoints.runs.cancelQueued, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });

    it('cancels one queued run by id and answers the count', async () => {
      const [queued = ''] = await insertHistoryRuns(t.server.services.db, [{ orgId, collectionId: 'c9', state: 'QUEUED', submitted: at(8 * HOUR) }]);
      const answer = await cancel(`statusIds=${queued}`, studio);
      expect(cancelQueuedResponseSchema.parse(await answer.json())).toEqual({ success: true, message: RUN_MESSAGES.queuedCancelled, cancelled: 1 });
      expect((await cancel(`statusIds=${queued}`, operator)).status).toBe(404);
      expect((await cancel('statusIds=', operator)).status).toBe(400);
      expect((await cancel('all=maybe', operator)).status).toBe(400);
    });

    it("cancels all of the caller's organization's queued runs in one statement, and nothing of another", async () => {
      const db = t.server.services.db;
      const theirs = await insertHistoryRuns(
        db,
        [1, 2, 3].map((n) => ({ orgId: other.orgId, collectionId: 'c1', state: 'QUEUED', submitted: at(9 * HOUR + n) })),
      );
      const before = queuedTestsResponseSchema.parse(await (await t.request(endpoints.runs.queued, { token: other.token })).json());
      expect(before.data).toHaveLength(4);

      const answer = await cancel('all=true', other.token);
      expect(answer.status).toBe(200);
      expect(cancelQueuedResponseSchema.parse(await answer.json())).toEqual({ success: true, message: RUN_MESSAGES.allQueuedCancelled, cancelled: 4 });
      const rows = await db.selectFrom('runs').select(['status_id', 'state', 'cancelled_by', 'time_completed']).where('org_id', '=', other.orgId).where('status_id', 'in', theirs).execute();
      expect(rows.map((row) => [row.state, row.cancelled_by])).toEqual(theirs.map(() => ['CANCELLED', other.userId]));
      // One UPDATE: every run cancelled at the same instant, each with its log line.
      expect(new Set(rows.map((row) => row.time_completed)).size).toBe(1);
      const logs = await db.selectFrom('run_logs').select(['status_id', 'value']).where('status_id', 'in', theirs).execute();
      expect(logs.map((log) => log.value)).toEqual(theirs.map(() => `Cancelled in the queue by ${other.userId}`));
      expect(queuedTestsResponseSchema.parse(await (await t.request(endpoints.runs.queued, { token: other.token })).json()).data).toEqual([]);

      // This organization's queued run is untouched.
      expect(await statusIdsOf({ status: 'QUEUED' })).toEqual([ids.queued]);
      const again = await cancel('all=true', other.token);
      expect(cancelQueuedResponseSchema.parse(await again.json()).cancelled).toBe(0);
    });
  });
});
