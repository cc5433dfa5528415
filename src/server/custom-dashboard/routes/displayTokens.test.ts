import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPLAY_TOKEN_MESSAGES,
  DISPLAY_TOKEN_PREFIX,
  displayTokenCreatedResponseSchema,
  displayTokenListResponseSchema,
  displayTokenRevokedResponseSchema,
  executionResultsResponseSchema,
  projectCreatedResponseSchema,
  projectListResponseSchema,
  testPlanDataResponseSchema,
} from '../../../shared/contracts/custom-dashboard';
import { DASHBOARD_MESSAGES, reportSavedResponseSchema } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { anotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { findUserByUserId } from '../../users/repository';
import { LAST_USED_RESOLUTION_MS, useDisplayToken } from '../displayTokens';
import { FRAME_MESSAGES } from '../frame';
import { okBody as ok, refusedBody as refused, withQuery as query } from '../testCalls';
import { FRAME, seedHistory } from '../projectsFixture';

const settings = { timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: '2026-03-01', toDate: '2026-03-08' }, testPlans: [] };

describe('display tokens and the shared calls', () => {
  let t: TestServer;
  let manager: string;
  let viewer: string;
  let studioOnly: string;
  let other: { orgId: string; token: string };
  let reportId: string;
  let projectId: string;

  const send = (method: string, path: string, body: unknown, token = manager) =>
    t.request(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const addReport = async (title: string, token = manager) => {
    const form = new URLSearchParams({ title, settings: JSON.stringify(settings), elements: '[]' });
    return reportSavedResponseSchema.parse(await ok(await t.request(endpoints.dashboards.add, { method: 'POST', token, body: form }))).data.id;
  };
  const makeToken = async (dashboardId = reportId, token = manager) => {
    const response = await send('POST', endpoints.customDashboard.displayTokens, { dashboardId, name: 'Lobby screen' }, token);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return displayTokenCreatedResponseSchema.parse(await ok(response)).data;
  };
  const tokens = async (token = manager) =>
    displayTokenListResponseSchema.parse(await ok(await t.request(endpoints.customDashboard.displayTokens, { token }))).data;
  const revoke = (tokenId: string, token = manager) => t.request(endpoints.customDashboard.revokeDisplayToken(tokenId), { method: 'DELETE', token });
  /** A shared call with the display token in the query. */
  const shared = (path: string, params: Record<string, string>) => t.request(query(path, params));
  const sharedResults = async (secret: string) =>
    executionResultsResponseSchema.parse(await ok(await shared(endpoints.customDashboard.sharedExecutionResults, { ...FRAME, projectId, token: secret }))).data;

  // A server, signed-in users (each a deliberately slow password hash) and the history: over 10 s on a busy machine.
  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.services.db;
    const admin = await findUserByUserId(db, t.admin.email);
    if (!admin) throw new Error('no administrator');
    manager = await t.tokenFor(await t.createUser(['DASHBOARD_MANAGEMENT']));
    viewer = await t.tokenFor(await t.createUser(['DASHBOARD_PUBLISHED']));
    studioOnly = await t.tokenFor(await t.createUser(['STUDIO']));
    other = await anotherOrganization(t, ['DASHBOARD_MANAGEMENT']);
    const history = await seedHistory(db, admin.org_id, admin.user_id);
    reportId = await addReport('Leadership Dashboard');
    projectId = projectCreatedResponseSchema.parse(await ok(await send('POST', endpoints.customDashboard.createProject, { projectName: 'Web shop' }))).data.projectId;
    await ok(
      await send('PUT', endpoints.customDashboard.updateProject, {
        projectId,
        projectGoal: 75,
        collectionsData: [{ collectionId: history.collections.login, collectionName: 'Login' }],
        schedulesData: [],
        projectDateTags: [],
      }),
    );
  }, 60_000);
  afterAll(async () => t.close());

  it('answers the secret once, keeps only its SHA-256, and lists tokens without secrets', async () => {
    const made = await makeToken();
    expect(made.token.startsWith(DISPLAY_TOKEN_PREFIX)).toBe(true);
    // 32 random bytes in base64url are 43 characters.
    expect(made.token).toMatch(/^ldt_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ dashboardId: reportId, name: 'Lobby screen', lastUsedAt: null });
    const row = await t.server.services.db.selectFrom('display_tokens').selectAll().where('id', '=', made.tokenId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(Object.values(row)).not.toContain(made.token);

    const listed = await tokens();
    expect(listed.find((token) => token.tokenId === made.tokenId)).toEqual({ ...made, token: undefined, createdBy: made.createdBy });
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect(await tokens(other.token)).toEqual([]);
  });

  it('reads the same data as the signed-in calls, by query token or bearer, without a session', async () => {
    const { token: secret } = await makeToken();
    const signedIn = executionResultsResponseSchema.parse(
      await ok(await t.request(query(endpoints.customDashboard.executionResults, { ...FRAME, projectId }), { token: viewer })),
    );
    expect(signedIn.data.collectionExecuted).toBe(2);
    expect(await sharedResults(secret)).toEqual(signedIn.data);
    const byBearer = await t.request(query(endpoints.customDashboard.sharedExecutionResults, { ...FRAME, projectId }), { token: secret });
    expect(executionResultsResponseSchema.parse(await ok(byBearer)).data).toEqual(signedIn.data);

    const plan = testPlanDataResponseSchema.parse(await ok(await shared(endpoints.customDashboard.sharedTestPlanData, { ...FRAME, projectId, token: secret })));
    expect(plan.data.testProgress).toMatchObject({ projectGoal: 75, collProgressDataLabel: 'Web shop' });
    expect(plan.data.testPlanData).toEqual([{ collectionId: expect.any(String), collectionName: 'Login', passed: 1, failed: 1 }]);
    const list = projectListResponseSchema.parse(await ok(await shared(endpoints.customDashboard.sharedProjectList, { token: secret })));
    expect(list.data.projectData).toEqual([{ projectId, projectName: 'Web shop' }]);
  });

  it('works like the signed-in calls without a token: a session with a dashboard permission', async () => {
    const path = query(endpoints.customDashboard.sharedProjectList, {});
    expect(projectListResponseSchema.parse(await ok(await t.request(path, { token: viewer }))).data.projectData).toHaveLength(1);
    await refused(await t.request(path, { token: studioOnly }), 403);
    expect((await refused(await t.request(path), 401)).message).toMatch(/session/);
    await refused(await t.request(path, { token: 'not-a-jwt' }), 401);
  });

  it('is refused by every other endpoint, reads and writes alike', async () => {
    const { token: secret } = await makeToken();
    await refused(await t.request(endpoints.customDashboard.projectList, { token: secret }), 401);
    await refused(await t.request(query(endpoints.customDashboard.executionResults, FRAME), { token: secret }), 401);
    await refused(await send('POST', endpoints.customDashboard.createProject, { projectName: 'By display' }, secret), 401);
    await refused(await t.request(endpoints.dashboards.list, { token: secret }), 401);
    await refused(await send('POST', endpoints.customDashboard.displayTokens, { dashboardId: reportId, name: 'Copy' }, secret), 401);
    // The query parameter opens nothing either.
    await refused(await t.request(query(endpoints.customDashboard.projectList, { token: secret })), 401);
  });

  it('notes its last use at most once a minute', async () => {
    const made = await makeToken();
    await sharedResults(made.token);
    const firstUse = (await tokens()).find((token) => token.tokenId === made.tokenId)?.lastUsedAt ?? '';
    expect(Date.parse(firstUse)).toBeGreaterThan(Date.now() - 60_000);
    await sharedResults(made.token);
    expect((await tokens()).find((token) => token.tokenId === made.tokenId)?.lastUsedAt).toBe(firstUse);
    const later = Date.parse(firstUse) + LAST_USED_RESOLUTION_MS + 1;
    expect(await useDisplayToken(t.server.services.db, made.token, later)).toMatchObject({ id: made.tokenId });
    expect((await tokens()).find((token) => token.tokenId === made.tokenId)?.lastUsedAt).toBe(new Date(later).toISOString());
  });

  it('answers 401 to an unknown or revoked token, and to one whose report was removed', async () => {
    const unknown = await shared(endpoints.customDashboard.sharedProjectList, { token: `${DISPLAY_TOKEN_PREFIX}nothing` });
    expect((await refused(unknown, 401)).message).toBe(DISPLAY_TOKEN_MESSAGES.unknown);
    const byBearer = await t.request(endpoints.customDashboard.sharedProjectList, { token: `${DISPLAY_TOKEN_PREFIX}nothing` });
    expect((await refused(byBearer, 401)).message).toBe(DISPLAY_TOKEN_MESSAGES.unknown);

    const made = await makeToken();
    await sharedResults(made.token);
    await refused(await revoke(made.tokenId, viewer), 403);
    await refused(await revoke(made.tokenId, other.token), 404);
    expect(displayTokenRevokedResponseSchema.parse(await ok(await revoke(made.tokenId))).message).toBe(DISPLAY_TOKEN_MESSAGES.revoked);
    const gone = await shared(endpoints.customDashboard.sharedExecutionResults, { ...FRAME, token: made.token });
    expect((await refused(gone, 401)).message).toBe(DISPLAY_TOKEN_MESSAGES.unknown);
    expect((await tokens()).map((token) => token.tokenId)).not.toContain(made.tokenId);
    await ok(await revoke(made.tokenId));
    await refused(await revoke('no-such-token'), 404);

    const wallReport = await addReport('Wall');
    const onWall = await makeToken(wallReport);
    await ok(await shared(endpoints.customDashboard.sharedProjectList, { token: onWall.token }));
    await ok(await t.request(endpoints.dashboards.remove, { method: 'POST', token: manager, body: new URLSearchParams({ id: wallReport }) }));
    await refused(await shared(endpoints.customDashboard.sharedProjectList, { token: onWall.token }), 401);
  });

  it("binds a token to its organization's reports and data", async () => {
    const theirReport = await addReport('Theirs', other.token);
    const refusedReport = await send('POST', endpoints.customDashboard.displayTokens, { dashboardId: theirReport, name: 'Mine' });
    expect((await refused(refusedReport, 404)).message).toBe(DASHBOARD_MESSAGES.reportNotFound);
    await refused(await send('POST', endpoints.customDashboard.displayTokens, { dashboardId: 'no-such-report', name: 'Mine' }), 404);

    const theirs = await makeToken(theirReport, other.token);
    const list = projectListResponseSchema.parse(await ok(await shared(endpoints.customDashboard.sharedProjectList, { token: theirs.token })));
    expect(list.data.projectData).toEqual([]);
    const results = executionResultsResponseSchema.parse(await ok(await shared(endpoints.customDashboard.sharedExecutionResults, { ...FRAME, token: theirs.token })));
    expect(results.data.collectionExecuted).toBe(0);
    const foreignProject = await shared(endpoints.customDashboard.sharedTestPlanData, { ...FRAME, projectId, token: theirs.token });
    expect((await refused(foreignProject, 404)).message).toMatch(projectId);
  });

  it('answers bad input with 400 and field errors, with or without a token', async () => {
    const { token: secret } = await makeToken();
    const backwards = await shared(endpoints.customDashboard.sharedExecutionResults, { startDate: '2026-03-04', endDate: '2026-03-01', token: secret });
    expect((await refused(backwards, 400)).fieldErrors).toEqual({ endDate: [FRAME_MESSAGES.endBeforeStart] });
    const noProject = await shared(endpoints.customDashboard.sharedTestPlanData, { ...FRAME, token: secret });
    expect((await refused(noProject, 400)).fieldErrors).toHaveProperty('projectId');
    const body = await refused(await send('POST', endpoints.customDashboard.displayTokens, { dashboardId: ' ', name: '' }), 400);
    expect(body.fieldErrors).toEqual({ dashboardId: ['required'], name: ['required'] });
    await refused(await send('POST', endpoints.customDashboard.displayTokens, { dashboardId: reportId, name: 'x' }, viewer), 403);
    const tooLong = await shared(endpoints.customDashboard.sharedProjectList, { token: 'x'.repeat(201) });
    expect((await refused(tooLong, 400)).fieldErrors).toHaveProperty('token');
  });
});
