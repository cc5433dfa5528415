import { type } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { devicesResponseSchema } from '../../shared/contracts/devices';
import { gatewayAgentCreatedSchema, gatewayAgentListSchema, GATEWAY_AGENT_OFFLINE_AFTER_MS, type GatewayAgentCreated } from '../../shared/contracts/gateway-agents';
import { endpoints } from '../../shared/endpoints';
import { startGatewayAgent, type GatewayAgent } from '../../gateway-agent/agent';
import { unplugSilentRemoteBrowsers } from '../resources/remoteBrowsers';
import { browserCollection, CHROMIUM, runDetails, saveCollection, startPageServer, trigger, waitForRun, type PageServer } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { abortRunsOfSilentAgents } from './repository';
import { touchAgentResources } from './mobileDevices';

describe('desktop gateway agents', { timeout: 90_000 }, () => {
  let t: TestServer;
  let pages: PageServer | undefined;
  const agents: GatewayAgent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) await agent.close();
    await t.close();
    await pages?.close();
    pages = undefined;
  });

  const post = (path: string, token: string, body: unknown) =>
    t.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function createAgent(admin: string, name: string): Promise<GatewayAgentCreated> {
    const response = await post(endpoints.gatewayAgents.create, admin, { name });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return gatewayAgentCreatedSchema.parse(await response.json()).data;
  }

  async function desktop(token: string, deviceId: string) {
    const response = await t.request(endpoints.devices.list, { token });
    const device = devicesResponseSchema.parse(await response.json()).data.desktopDevices.find((candidate) => candidate.deviceId === deviceId);
    return device && { name: device.deviceDisplayName, os: device.deviceOSDisplay, model: device.deviceModel, pluggedIn: device.pluggedIn, deviceInUse: device.deviceInUse };
  }

  async function agentFor(token: string, extra: { heartbeatMs?: number; claimMs?: number; onRevoked?: () => void } = {}): Promise<GatewayAgent> {
    const agent = await startGatewayAgent({ platform: t.baseUrl, token, name: 'Tester laptop', chromiumPath: CHROMIUM, headless: true, log: process.env.AGENT_LOG ? console.log : () => undefined, claimMs: 200, ...extra });
    agents.push(agent);
    return agent;
  }

  const hybrid = (flows: Parameters<typeof browserCollection>[0]['flows']) => ({ ...browserCollection({ flows }), deviceType: 'HYBRID' });

  it('registers a DESKTOP resource, runs a HYBRID collection with its screenshot on the platform, and stops a cancelled run', async () => {
    pages = await startPageServer();
    // No browser of the server's own: the HYBRID runs can only go to the agent.
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const created = await createAgent(admin, 'Laptop token');
    expect(created.token).toMatch(/^ga_/);
    const agent = await agentFor(created.token);
    // The OS and browsers the agent reported of its machine show in Resource Management's row.
    expect(await desktop(admin, agent.deviceId)).toEqual({ name: 'Tester laptop', os: type(), model: 'Chromium', pluggedIn: true, deviceInUse: false });
    const listed = gatewayAgentListSchema.parse(await (await t.request(endpoints.gatewayAgents.list, { token: admin })).json()).data;
    expect(listed).toEqual([expect.objectContaining({ name: 'Laptop token', deviceId: agent.deviceId, online: true, browsers: ['Chromium'], revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const collectionId = await saveCollection(t, tester, hybrid([
      { testCaseId: 'agent', steps: [{ stepId: 'open', action: 'open', value: `${pages.origin}/list` }, { stepId: 'shot', action: 'screenshot' }] },
    ]));
    const passed = await waitForRun(t, tester, await trigger(t, tester, collectionId));
    expect(passed.testStatus).toBe('PASSED');
    expect(passed.devices).toEqual([agent.deviceId]);
    expect(passed.logsList.map((line) => line.value)).toEqual(expect.arrayContaining([`Taken by gateway agent ${agent.deviceId}`, 'Finished: PASSED']));
    const shot = passed.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[1]?.images[0];
    const image = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(shot?.path ?? '')}`, { token: tester });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(t.server.services.runs.executingHere()).toEqual([]);

    const slowId = await saveCollection(t, tester, hybrid([{ testCaseId: 'slow', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }]));
    const slow = await trigger(t, tester, slowId);
    await waitForRun(t, tester, slow, (details) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 1);
    expect(await desktop(admin, agent.deviceId)).toMatchObject({ deviceInUse: true });
    const stop = await t.request(`${endpoints.runs.cancelRunning}?statusId=${slow}`, { method: 'POST', token: tester });
    expect(stop.status).toBe(200);
    expect((await runDetails(t, tester, slow)).testStatus).toBe('CANCELLED');
    // The agent hears of the cancel on its next poll and is free for the next run.
    const after = await saveCollection(t, tester, hybrid([{ testCaseId: 'after', steps: [{ stepId: 'o', action: 'open', value: 'about:blank' }] }]));
    expect((await waitForRun(t, tester, await trigger(t, tester, after))).testStatus).toBe('PASSED');
  });

  it('lets an agent token make agent calls only, refuses user tokens there, and stops the agent when revoked', async () => {
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const created = await createAgent(admin, 'Locked down');
    expect((await t.request(endpoints.devices.list, { token: created.token })).status).toBe(401);
    expect((await post(endpoints.gatewayAgents.create, created.token, { name: 'More' })).status).toBe(401);
    expect((await post(endpoints.gatewayAgents.heartbeat, created.token, {})).status).toBe(409);
    expect((await post(endpoints.gatewayAgents.register, admin, { os: 'Linux', browsers: [] })).status).toBe(401);
    expect((await post(endpoints.gatewayAgents.claim, 'ga_wrong', { idle: true })).status).toBe(401);
    expect((await post(endpoints.gatewayAgents.register, created.token, { os: '', browsers: [] })).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.runLog('someone-elses'), created.token, { line: 'x' })).status).toBe(403);
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    expect((await post(endpoints.gatewayAgents.create, tester, { name: 'Mine' })).status).toBe(403);
    expect((await post(endpoints.gatewayAgents.create, admin, { name: '  ' })).status).toBe(400);

    let revoked = false;
    const agent = await agentFor(created.token, { heartbeatMs: 100, onRevoked: () => (revoked = true) });
    const revoke = await post(endpoints.gatewayAgents.revoke(created.agent.id), admin, {});
    expect(revoke.status).toBe(200);
    await expect.poll(() => revoked).toBe(true);
    expect(await desktop(admin, agent.deviceId)).toMatchObject({ pluggedIn: false });
    // A heartbeat let in just before the revocation and written after it leaves the machine Offline.
    await touchAgentResources(t.server.services.db, { id: created.agent.id, device_id: agent.deviceId }, Date.now());
    expect(await desktop(admin, agent.deviceId)).toMatchObject({ pluggedIn: false });
    expect((await post(endpoints.gatewayAgents.revoke(created.agent.id), admin, {})).status).toBe(404);
  });

  it('goes Offline after 30 s of silence, and its running run ends ABORTED', async () => {
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const created = await createAgent(admin, 'Flaky');
    const agent = await agentFor(created.token);
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const slowId = await saveCollection(t, tester, hybrid([{ testCaseId: 'slow', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }]));
    const slow = await trigger(t, tester, slowId);
    await waitForRun(t, tester, slow, (details) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 1);
    // The machine drops off the network mid-run: nothing more is heard from it.
    await agents.splice(0)[0]?.close();
    const { db } = t.server.services;
    expect(await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS - 5_000)).toEqual([]);
    const silent = await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS + 1_000);
    expect(silent).toEqual([agent.deviceId]);
    expect(await abortRunsOfSilentAgents(db, silent)).toBe(1);
    const aborted = await runDetails(t, tester, slow);
    expect(aborted.testStatus).toBe('ABORTED');
    expect(aborted.logsList.map((line) => line.value)).toContain(`Gateway agent ${agent.deviceId} went silent: run aborted`);
    expect(await desktop(admin, agent.deviceId)).toMatchObject({ pluggedIn: false, deviceInUse: false });
  });
});
