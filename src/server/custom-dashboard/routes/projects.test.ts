import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  executionResultsResponseSchema,
  INVALID_PERCENTAGE,
  PROJECT_MESSAGES,
  projectCreatedResponseSchema,
  projectDetailsResponseSchema,
  projectListResponseSchema,
  projectWriteResponseSchema,
  testPlanDataResponseSchema,
  UNLABELLED_FAILURES,
  type UpdateProjectRequest,
} from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { insertHistoryCollection, insertHistoryRuns, insertHistorySchedule } from '../../testing/historyFixtures';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { FRAME_MESSAGES } from '../frame';
import { okBody as ok, refusedBody as refused, withQuery as query } from '../testCalls';
import { FRAME, seedHistory, type SeededHistory } from '../projectsFixture';

describe('custom dashboard: projects, execution results, test plan data', () => {
  let t: TestServer;
  let manager: string;
  let viewer: string;
  let studioOnly: string;
  let other: { orgId: string; token: string };
  let history: SeededHistory;
  let projectId: string;
  let foreignCollection: string;
  let foreignSchedule: string;

  const send = (method: string, path: string, body: unknown, token = manager) =>
    t.request(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const results = async (params: Record<string, string>, token = manager) =>
    executionResultsResponseSchema.parse(await ok(await t.request(query(endpoints.customDashboard.executionResults, params), { token }))).data;
  const testPlan = async (params: Record<string, string>, token = manager) =>
    testPlanDataResponseSchema.parse(await ok(await t.request(query(endpoints.customDashboard.testPlanData, params), { token }))).data;
  const projects = async (token = manager) =>
    projectListResponseSchema.parse(await ok(await t.request(endpoints.customDashboard.projectList, { token }))).data.projectData;
  const create = async (projectName: string, token = manager) =>
    projectCreatedResponseSchema.parse(await ok(await send('POST', endpoints.customDashboard.createProject, { projectName }, token)));
  const saveOf = (id: string): UpdateProjectRequest => ({
    projectId: id,
    projectGoal: 80,
    collectionsData: [
      { collectionId: history.collections.login, collectionName: 'Login' },
      { collectionId: history.collections.checkout, collectionName: 'Checkout' },
    ],
    schedulesData: [{ scheduleId: history.scheduleId }],
    projectDateTags: [
      { projectTag: 'v2.0', date: '2026-04-01' },
      { projectTag: 'v1.0', date: '2026-03-03' },
    ],
  });

  // A server, signed-in users (each a deliberately slow password hash) and the history: over 10 s on a busy machine.
  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    const admin = await findUserByUserId(db, t.admin.email);
    if (!admin) throw new Error('no administrator');
    manager = await t.tokenFor(await t.createUser(['DASHBOARD_MANAGEMENT']));
    viewer = await t.tokenFor(await t.createUser(['DASHBOARD_PUBLISHED']));
    studioOnly = await t.tokenFor(await t.createUser(['STUDIO', 'OPERATIONS_CENTER']));
    other = await anotherOrganization(t, ['DASHBOARD_MANAGEMENT']);
    history = await seedHistory(db, admin.org_id, admin.user_id);
    foreignCollection = await insertHistoryCollection(db, { orgId: other.orgId, name: 'Theirs', createdAt: '2026-01-01T00:00:00.000Z' });
    foreignSchedule = await insertHistorySchedule(db, { orgId: other.orgId, name: 'Theirs', createdBy: 'x', createdAt: 0, updatedAt: 0 });
    const started = '2026-03-03T12:00:00.000Z';
    await insertHistoryRuns(db, [{ orgId: other.orgId, collectionId: foreignCollection, state: 'PASSED', submitted: started, started, completed: started }]);

    const created = await create('Web shop');
    expect(created.message).toBe(PROJECT_MESSAGES.created('Web shop'));
    projectId = created.data.projectId;
    const saved = projectWriteResponseSchema.parse(await ok(await send('PUT', endpoints.customDashboard.updateProject, saveOf(projectId))));
    expect(saved).toEqual({ status: true, message: PROJECT_MESSAGES.saved('Web shop') });
  }, 60_000);
  afterAll(async () => t.close());

  it("sums a project's completed runs of the frame: its collections' and its schedules' (UTC day bounds)", async () => {
    // Login passed (60 s) and failed (90 s, Flaky), Checkout passed at 23:59:59 on the last day (31 s), and the
    // schedule's Search runs: failed (600 s, Product bug) and passed (1 s). Cancelled, aborted and out-of-frame runs,
    // and Search's run nobody scheduled, do not count; a run both linked ways counts once.
    const data = await results({ ...FRAME, projectId });
    expect(data.collectionExecuted).toBe(5);
    expect(data.passRate).toBe(60);
    expect(data.totalTime).toEqual({ hours: 0, minutes: 13, seconds: 2 });
    expect(data.failures).toEqual([
      { labelName: 'Flaky', count: 1 },
      { labelName: 'Product bug', count: 1 },
    ]);
    expect(data.projectData).toEqual([{ projectId, projectName: 'Web shop' }]);
  });

  it("reads the whole organization for no projectId, '' or 'Overall', and never another organization's runs", async () => {
    for (const params of [FRAME, { ...FRAME, projectId: '' }, { ...FRAME, projectId: 'Overall' }]) {
      const data = await results(params);
      expect(data.collectionExecuted).toBe(6);
      expect(data.passRate).toBe(50);
      expect(data.totalTime).toEqual({ hours: 0, minutes: 13, seconds: 7 });
      expect(data.failures).toEqual([
        { labelName: 'Flaky', count: 1 },
        { labelName: 'Product bug', count: 1 },
        { labelName: UNLABELLED_FAILURES, count: 1 },
      ]);
    }
    const theirs = await results(FRAME, other.token);
    expect(theirs).toMatchObject({ collectionExecuted: 1, passRate: 100, failures: [], projectData: [] });
  });

  it('bounds frames by whole UTC days: 23:59:59.999Z is the day before, 00:00:00Z the next day', async () => {
    const day = (date: string) => results({ startDate: date, endDate: date });
    expect((await day('2026-03-01')).collectionExecuted).toBe(1);
    expect((await day('2026-03-05')).collectionExecuted).toBe(1);
    expect((await day('2026-03-05')).failures).toEqual([{ labelName: 'Flaky', count: 1 }]);
    expect((await day('2026-03-04')).collectionExecuted).toBe(2);
    expect((await day('2026-02-28')).collectionExecuted).toBe(0);
    expect((await day('2026-02-28')).passRate).toBe(0);
  });

  it('answers the test plan data per collection, per label and per day of the frame, with the goal and date tags', async () => {
    const data = await testPlan({ ...FRAME, projectId });
    expect(data.testPlanData).toEqual([
      { collectionId: history.collections.login, collectionName: 'Login', passed: 1, failed: 1 },
      { collectionId: history.collections.checkout, collectionName: 'Checkout', passed: 1, failed: 0 },
      { collectionId: history.collections.search, collectionName: 'Search', passed: 1, failed: 1 },
    ]);
    expect(data.defectBreakDownData).toEqual([
      { tagName: 'Flaky', failureCount: 1, hideTag: false },
      { tagName: 'Product bug', failureCount: 1, hideTag: false },
    ]);
    expect(data.testProgress).toEqual({
      collProgressData: [
        { date: '2026-03-02', pass: 1, fail: 1 },
        { date: '2026-03-03', pass: 0, fail: 1 },
        { date: '2026-03-04', pass: 2, fail: 0 },
      ],
      collProgressDataLabel: 'Web shop',
      projectGoal: 80,
      projectDateTags: [{ projectTag: 'v1.0', date: '2026-03-03' }],
    });

    const overall = await testPlan({ ...FRAME, projectId: 'Overall' });
    expect(overall.testPlanData.map((row) => [row.collectionName, row.passed, row.failed])).toEqual([
      ['Checkout', 1, 0],
      ['Login', 1, 1],
      ['Search', 1, 2],
    ]);
    expect(overall.testProgress.collProgressData.map((day) => day.fail)).toEqual([1, 2, 0]);
    expect(overall.testProgress).toMatchObject({ collProgressDataLabel: 'Overall', projectGoal: null, projectDateTags: [] });
    // Every day of a longer frame is present, zeros included.
    const month = await testPlan({ startDate: '2026-02-15', endDate: '2026-03-16', projectId: 'Overall' });
    expect(month.testProgress.collProgressData).toHaveLength(30);
    expect(month.testProgress.collProgressData[0]).toEqual({ date: '2026-02-15', pass: 0, fail: 0 });
  });

  it('details a project with its links, tags and run counts per state by collections and by schedules', async () => {
    const response = await t.request(query(endpoints.customDashboard.projectDetails, { ...FRAME, projectId }), { token: viewer });
    const data = projectDetailsResponseSchema.parse(await ok(response)).data;
    expect(data).toMatchObject({
      projectId,
      projectName: 'Web shop',
      projectGoal: 80,
      collectionsData: [
        { collectionId: history.collections.login, collectionName: 'Login' },
        { collectionId: history.collections.checkout, collectionName: 'Checkout' },
      ],
      schedulesData: [{ scheduleId: history.scheduleId, scheduleName: 'Nightly' }],
      projectDateTags: [
        { projectTag: 'v1.0', date: '2026-03-03' },
        { projectTag: 'v2.0', date: '2026-04-01' },
      ],
    });
    expect(data.executionData).toEqual([
      { status: 'PASSED', count: 2 },
      { status: 'FAILED', count: 1 },
      { status: 'CANCELLED', count: 1 },
      { status: 'ABORTED', count: 1 },
    ]);
    expect(data.scheduleData).toEqual([
      { status: 'PASSED', count: 2 },
      { status: 'FAILED', count: 1 },
      { status: 'CANCELLED', count: 0 },
      { status: 'ABORTED', count: 0 },
    ]);
  });

  it('creates, lists by name, refuses a taken name (any case) or Overall, and removes', async () => {
    const { data } = await create('Billing');
    expect((await projects()).map((project) => project.projectName)).toEqual(['Billing', 'Web shop']);
    const taken = await refused(await send('POST', endpoints.customDashboard.createProject, { projectName: 'web SHOP' }), 409);
    expect(taken.message).toBe(PROJECT_MESSAGES.nameTaken('web SHOP'));
    expect(taken.fieldErrors).toEqual({ projectName: ['NoneOf'] });
    await refused(await send('POST', endpoints.customDashboard.createProject, { projectName: 'overall' }), 409);

    const removed = await ok(await t.request(query(endpoints.customDashboard.deleteProject, { projectId: data.projectId }), { method: 'POST', token: manager }));
    expect(projectWriteResponseSchema.parse(removed).message).toBe(PROJECT_MESSAGES.removed('Billing'));
    expect((await projects()).map((project) => project.projectName)).toEqual(['Web shop']);
    const again = await refused(await t.request(query(endpoints.customDashboard.deleteProject, { projectId: data.projectId }), { method: 'POST', token: manager }), 404);
    expect(again.message).toBe(PROJECT_MESSAGES.notFound(data.projectId));
    // Its name is free again.
    expect((await create('billing')).data.projectName).toBe('billing');
  });

  it("keeps each organization's projects to itself: another organization's id is a 404 everywhere", async () => {
    expect(await projects(other.token)).toEqual([]);
    const as = other.token;
    const cases = [
      t.request(query(endpoints.customDashboard.projectDetails, { ...FRAME, projectId }), { token: as }),
      t.request(query(endpoints.customDashboard.testPlanData, { ...FRAME, projectId }), { token: as }),
      t.request(query(endpoints.customDashboard.executionResults, { ...FRAME, projectId }), { token: as }),
      send('PUT', endpoints.customDashboard.updateProject, saveOf(projectId), as),
      t.request(query(endpoints.customDashboard.deleteProject, { projectId }), { method: 'POST', token: as }),
    ];
    for (const response of await Promise.all(cases)) expect((await refused(response, 404)).message).toBe(PROJECT_MESSAGES.notFound(projectId));
    expect((await results({ ...FRAME, projectId })).collectionExecuted).toBe(5);
  });

  it("refuses links to another organization's collections and schedules as field errors, saving nothing", async () => {
    const save = saveOf(projectId);
    const foreign = {
      ...save,
      projectGoal: 10,
      collectionsData: [...save.collectionsData, { collectionId: foreignCollection, collectionName: 'Theirs' }],
      schedulesData: [{ scheduleId: foreignSchedule }],
    };
    const body = await refused(await send('PUT', endpoints.customDashboard.updateProject, foreign), 400);
    expect(body.fieldErrors).toEqual({ 'collectionsData.2.collectionId': ['NotFound'] });
    const schedule = await refused(await send('PUT', endpoints.customDashboard.updateProject, { ...save, schedulesData: [{ scheduleId: foreignSchedule }] }), 400);
    expect(schedule.fieldErrors).toEqual({ 'schedulesData.0.scheduleId': ['NotFound'] });
    expect((await testPlan({ ...FRAME, projectId })).testProgress.projectGoal).toBe(80);
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const badFrames: [Record<string, string>, string, string][] = [
      [{ startDate: '2026-03-04', endDate: '2026-03-02' }, 'endDate', FRAME_MESSAGES.endBeforeStart],
      [{ startDate: '2025-03-01', endDate: '2026-03-03' }, 'endDate', FRAME_MESSAGES.tooLong],
      [{ startDate: '2026-02-30', endDate: '2026-03-03' }, 'startDate', FRAME_MESSAGES.notADay],
      [{ startDate: '03/02/2026', endDate: '2026-03-03' }, 'startDate', 'Use the date form YYYY-MM-DD'],
      [{ endDate: '2026-03-03' }, 'startDate', ''],
    ];
    for (const [params, field, message] of badFrames) {
      for (const path of [endpoints.customDashboard.executionResults, endpoints.customDashboard.testPlanData, endpoints.customDashboard.projectDetails]) {
        const body = await refused(await t.request(query(path, { ...params, projectId }), { token: manager }), 400);
        expect(body.fieldErrors?.[field]?.join(' '), `${path} ${JSON.stringify(params)}`).toContain(message);
      }
    }
    // 367 days, both ends included, is the longest frame.
    expect((await results({ startDate: '2025-03-02', endDate: '2026-03-03' })).collectionExecuted).toBe(5);

    const save = saveOf(projectId);
    const badSaves: [unknown, string, string][] = [
      [{ ...save, projectGoal: 101 }, 'projectGoal', INVALID_PERCENTAGE],
      [{ ...save, projectGoal: '8a' }, 'projectGoal', INVALID_PERCENTAGE],
      [{ ...save, projectGoal: -1 }, 'projectGoal', INVALID_PERCENTAGE],
      [{ ...save, projectDateTags: [{ projectTag: ' ', date: '2026-03-03' }] }, 'projectDateTags.0.projectTag', 'required'],
      [{ ...save, projectDateTags: [{ projectTag: 'v3', date: 'tomorrow' }] }, 'projectDateTags.0.date', 'YYYY-MM-DD'],
      [{ ...save, projectId: '' }, 'projectId', 'required'],
      [{ ...save, collectionsData: 'all' }, 'collectionsData', ''],
    ];
    for (const [body, field, message] of badSaves) {
      const answer = await refused(await send('PUT', endpoints.customDashboard.updateProject, body), 400);
      expect(answer.fieldErrors?.[field]?.join(' '), JSON.stringify(answer)).toContain(message);
    }
    expect((await refused(await send('POST', endpoints.customDashboard.createProject, { projectName: '   ' }), 400)).fieldErrors).toEqual({ projectName: ['required'] });
    expect((await refused(await send('POST', endpoints.customDashboard.createProject, {}), 400)).fieldErrors).toHaveProperty('projectName');
    const notJson = await t.request(endpoints.customDashboard.createProject, { method: 'POST', token: manager, headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    await refused(await t.request(endpoints.customDashboard.deleteProject, { method: 'POST', token: manager }), 400);
  });

  it('lets DASHBOARD_PUBLISHED read but not write, and refuses callers without a dashboard permission', async () => {
    expect(await projects(viewer)).toEqual(await projects());
    await refused(await send('POST', endpoints.customDashboard.createProject, { projectName: 'Nope' }, viewer), 403);
    await refused(await send('PUT', endpoints.customDashboard.updateProject, saveOf(projectId), viewer), 403);
    await refused(await t.request(query(endpoints.customDashboard.deleteProject, { projectId }), { method: 'POST', token: viewer }), 403);
    await refused(await t.request(endpoints.customDashboard.projectList, { token: studioOnly }), 403);
    await refused(await t.request(query(endpoints.customDashboard.executionResults, FRAME), { token: studioOnly }), 403);
    await refused(await t.request(endpoints.customDashboard.projectList), 401);
  });
});
