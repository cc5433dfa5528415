import { afterEach, describe, expect, it } from 'vitest';
import { devicesResponseSchema } from '../../shared/contracts/devices';
import {
  agentDevicesAcceptedSchema,
  agentHeartbeatAnswerSchema,
  claimAnswerSchema,
  GATEWAY_AGENT_OFFLINE_AFTER_MS,
  gatewayAgentCreatedSchema,
  gatewayAgentListSchema,
  runReportAnswerSchema,
  type GatewayAgentCreated,
  type RegisterAgentDevices,
} from '../../shared/contracts/gateway-agents';
import { endpoints } from '../../shared/endpoints';
import { unplugSilentRemoteBrowsers } from '../resources/remoteBrowsers';
import { initialProgress } from '../runs/progress';
import { findRun } from '../runs/repository';
import { browserCollection, runDetails, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { abortRunsOfSilentAgents } from './repository';

const PIXEL = { udid: 'emulator-5554', platform: 'ANDROID', name: 'QA Pixel', model: 'Pixel 7', osVersion: '14' } as const;
const IPHONE = { udid: '00008110-001A2B3C4D5E', platform: 'IOS', model: 'iPhone 15', osVersion: '17.2' } as const;

describe('phones served by gateway agents (issue 28)', { timeout: 60_000 }, () => {
  let t: TestServer;
  afterEach(() => t.close());

  const post = (path: string, token: string, body: unknown) =>
    t.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function createAgent(admin: string, name: string): Promise<GatewayAgentCreated> {
    const response = await post(endpoints.gatewayAgents.create, admin, { name });
    expect(response.status).toBe(200);
    return gatewayAgentCreatedSchema.parse(await response.json()).data;
  }

  /** The agent lists its phones; answers each udid's device id. */
  async function registerDevices(token: string, body: RegisterAgentDevices): Promise<Record<string, string>> {
    const response = await post(endpoints.gatewayAgents.registerDevices, token, body);
    expect(response.status).toBe(200);
    return Object.fromEntries(agentDevicesAcceptedSchema.parse(await response.json()).data.devices.map((device) => [device.udid, device.deviceId]));
  }

  async function claim(token: string, idleDevices: string[]) {
    const response = await post(endpoints.gatewayAgents.claim, token, { idle: true, idleDevices });
    expect(response.status).toBe(200);
    return claimAnswerSchema.parse(await response.json()).data;
  }

  async function mobileDevices(token: string) {
    const response = await t.request(endpoints.devices.list, { token });
    return devicesResponseSchema.parse(await response.json()).data.mobileDevices;
  }

  async function phone(token: string, deviceId: string) {
    const device = (await mobileDevices(token)).find((candidate) => candidate.deviceId === deviceId);
    return device && { pluggedIn: device.pluggedIn, deviceInUse: device.deviceInUse };
  }

  /** A HYBRID collection that chose `deviceIds`; its one step never needs to run (the test acts as the agent). */
  async function chosenCollection(token: string, deviceIds: Record<string, string>): Promise<string> {
    return saveCollection(t, token, {
      ...browserCollection({ flows: [{ testCaseId: 'phone', steps: [{ stepId: 'tap', action: 'tap', target: '~Sign in' }] }] }),
      deviceType: 'HYBRID',
      hybridDeviceIds: deviceIds,
    });
  }

  const logLines = async (token: string, statusId: string) => (await runDetails(t, token, statusId)).logsList.map((line) => line.value);

  it('lists phones under Mobile, runs a chosen phone’s run on that phone only, two phones at once, and takes reports from its agent only', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const lab = await createAgent(admin, 'Lab');
    const other = await createAgent(admin, 'Other lab');
    const ids = await registerDevices(lab.token, { devices: [PIXEL, IPHONE], started: true });
    const pixel = ids[PIXEL.udid] ?? '';
    const iphone = ids[IPHONE.udid] ?? '';
    expect(pixel).toMatch(/^mobile-[0-9a-f]{8}-[0-9a-f]{12}$/);
    expect(iphone).not.toBe(pixel);
    // Listed again, a phone keeps its id.
    expect(await registerDevices(lab.token, { devices: [PIXEL, IPHONE] })).toEqual(ids);

    const listed = await mobileDevices(admin);
    expect(listed.find((device) => device.deviceId === pixel)).toMatchObject({
      deviceDisplayName: 'QA Pixel',
      deviceModel: 'Pixel 7',
      deviceOS: 'Android',
      deviceOSDisplay: 'Android 14',
      deviceType: 'ANDROID',
      cmdDeviceType: 'MOBILE',
      deviceSerial: PIXEL.udid,
      pluggedIn: true,
      deviceInUse: false,
    });
    // No name given: the model names it.
    expect(listed.find((device) => device.deviceId === iphone)).toMatchObject({ deviceDisplayName: 'iPhone 15', deviceOSDisplay: 'iOS 17.2', deviceType: 'IOS', deviceSerial: IPHONE.udid });
    const agents = gatewayAgentListSchema.parse(await (await t.request(endpoints.gatewayAgents.list, { token: admin })).json()).data;
    expect(agents.find((agent) => agent.id === lab.agent.id)).toMatchObject({ deviceId: null, mobileDeviceIds: [pixel, iphone].sort(), online: true });

    // An agent that serves phones only beats and claims without a DESKTOP resource.
    const beat = await post(endpoints.gatewayAgents.heartbeat, lab.token, {});
    expect(beat.status).toBe(200);
    expect(agentHeartbeatAnswerSchema.parse(await beat.json()).data.deviceId).toBeNull();
    await registerDevices(other.token, { devices: [] });

    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const onPixel = await trigger(t, tester, await chosenCollection(tester, { [pixel]: 'QA Pixel' }));
    const onIphone = await trigger(t, tester, await chosenCollection(tester, { [iphone]: 'iPhone 15' }));
    const unchosen = await trigger(t, tester, await chosenCollection(tester, {}));
    await waitForRun(t, tester, onPixel, (details) => details.testStatus === 'RUNNING');
    await waitForRun(t, tester, onIphone, (details) => details.testStatus === 'RUNNING');
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: true, deviceInUse: true });
    // A run that chose nothing never lands on a phone: with no desktop or browser resource it waits.
    await t.server.services.runs.dispatch();
    expect((await runDetails(t, tester, unchosen)).testStatus).toBe('QUEUED');

    // Another agent's claim naming these phones gets nothing.
    expect((await claim(other.token, [pixel, iphone])).deviceRuns).toEqual([]);
    const claimed = await claim(lab.token, [pixel, iphone]);
    expect(claimed.run).toBeNull();
    expect(claimed.deviceRuns.map((entry) => [entry.deviceId, entry.run.statusId]).sort()).toEqual([[pixel, onPixel], [iphone, onIphone]].sort());
    expect(claimed.deviceRuns[0]?.run.baseUrl).toBe(t.baseUrl);
    // Taken once.
    expect((await claim(lab.token, [pixel, iphone])).deviceRuns).toEqual([]);

    const log = await post(endpoints.gatewayAgents.runLog(onPixel), lab.token, { line: 'Started on QA Pixel (Android 14)' });
    expect(log.status).toBe(200);
    expect(runReportAnswerSchema.parse(await log.json()).data.cancelled).toBe(false);
    expect((await post(endpoints.gatewayAgents.runLog(onPixel), other.token, { line: 'not mine' })).status).toBe(403);
    expect((await post(endpoints.gatewayAgents.runProgress(onPixel), lab.token, { progress: initialProgress() })).status).toBe(200);
    const step = {
      flow_index: 0, flow_id: 'phone', flow_name: 'phone', flow_type: 'FLOW', flow_loop: 1, step_id: 'tap', step_name: 'tap', action: 'tap',
      result: 'PASSED', error_detail: '', validation_result: '', images: [], attachments: [], time_started: new Date().toISOString(), time_completed: new Date().toISOString(),
    };
    expect((await post(endpoints.gatewayAgents.runStep(onPixel), lab.token, { result: step, progress: initialProgress() })).status).toBe(200);
    expect((await post(endpoints.gatewayAgents.runFinish(onPixel), other.token, { result: 'PASSED' })).status).toBe(403);
    expect((await post(endpoints.gatewayAgents.runFinish(onPixel), lab.token, { result: 'PASSED' })).status).toBe(200);
    const passed = await runDetails(t, tester, onPixel);
    expect(passed.testStatus).toBe('PASSED');
    expect(passed.devices).toEqual([pixel]);
    expect(passed.displayDevices).toBe('QA Pixel (Android 14)');
    expect(passed.logsList.map((line) => line.value)).toEqual(expect.arrayContaining([`Taken by gateway agent ${pixel}`, 'Started on QA Pixel (Android 14)', 'Finished: PASSED']));
    expect(passed.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[0]).toMatchObject({ result: 'PASSED' });
    // A phone's run is compared for flakiness with runs on phones only (issue 29).
    expect((await findRun(t.server.services.db, onPixel))?.resource_kind).toBe('MOBILE');

    // The agent ends a run it cannot go on with ABORTED and why.
    const gone = 'Device iPhone 15 went away mid-run: the Appium session is gone';
    expect((await post(endpoints.gatewayAgents.runFinish(onIphone), lab.token, { result: 'ABORTED', reason: gone })).status).toBe(200);
    expect((await runDetails(t, tester, onIphone)).testStatus).toBe('ABORTED');
    expect(await logLines(tester, onIphone)).toContain(gone);
    expect(await phone(admin, iphone)).toEqual({ pluggedIn: true, deviceInUse: false });
    // A finished run's reports are answered "stop" and write nothing.
    const late = await post(endpoints.gatewayAgents.runLog(onIphone), lab.token, { line: 'late' });
    expect(runReportAnswerSchema.parse(await late.json()).data.cancelled).toBe(true);
    expect(await logLines(tester, onIphone)).not.toContain('late');
  });

  it('a phone dropped from the list goes Offline and its run ends ABORTED; Release and Revoke stop a phone’s run', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const lab = await createAgent(admin, 'Lab');
    const ids = await registerDevices(lab.token, { devices: [PIXEL, IPHONE], started: true });
    const pixel = ids[PIXEL.udid] ?? '';
    const iphone = ids[IPHONE.udid] ?? '';
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const pixelCollection = await chosenCollection(tester, { [pixel]: 'QA Pixel' });
    const iphoneCollection = await chosenCollection(tester, { [iphone]: 'iPhone 15' });

    const unplugged = await trigger(t, tester, pixelCollection);
    await waitForRun(t, tester, unplugged, (details) => details.testStatus === 'RUNNING');
    expect((await claim(lab.token, [pixel])).deviceRuns.map((entry) => entry.run.statusId)).toEqual([unplugged]);
    await registerDevices(lab.token, { devices: [IPHONE] });
    expect((await runDetails(t, tester, unplugged)).testStatus).toBe('ABORTED');
    expect(await logLines(tester, unplugged)).toContain('Device QA Pixel went away (no longer listed by its agent): run aborted');
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: false, deviceInUse: false });
    expect((await claim(lab.token, [iphone])).stopped).toContain(unplugged);
    // Beats keep only the listed phones alive.
    expect((await post(endpoints.gatewayAgents.heartbeat, lab.token, {})).status).toBe(200);
    expect(await phone(admin, pixel)).toMatchObject({ pluggedIn: false });
    await registerDevices(lab.token, { devices: [PIXEL, IPHONE] });
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: true, deviceInUse: false });

    const released = await trigger(t, tester, iphoneCollection);
    await waitForRun(t, tester, released, (details) => details.testStatus === 'RUNNING');
    expect((await claim(lab.token, [iphone])).deviceRuns.map((entry) => entry.run.statusId)).toEqual([released]);
    const release = await t.request(`${endpoints.runs.releaseDevice}?deviceId=${encodeURIComponent(iphone)}`, { method: 'POST', token: admin });
    expect(release.status).toBe(200);
    expect((await runDetails(t, tester, released)).testStatus).toBe('ABORTED');
    expect(await phone(admin, iphone)).toEqual({ pluggedIn: true, deviceInUse: false });
    expect((await claim(lab.token, [])).stopped).toContain(released);
    const stopped = await post(endpoints.gatewayAgents.runLog(released), lab.token, { line: 'still tapping' });
    expect(runReportAnswerSchema.parse(await stopped.json()).data.cancelled).toBe(true);

    // The agent restarted: a run its phone had taken cannot go on; one allocated but not taken is claimed afresh.
    const restarted = await trigger(t, tester, iphoneCollection);
    await waitForRun(t, tester, restarted, (details) => details.testStatus === 'RUNNING');
    expect((await claim(lab.token, [iphone])).deviceRuns).toHaveLength(1);
    await registerDevices(lab.token, { devices: [PIXEL, IPHONE], started: true });
    expect((await runDetails(t, tester, restarted)).testStatus).toBe('ABORTED');
    expect(await logLines(tester, restarted)).toContain(`Gateway agent ${iphone} restarted during the run: run aborted`);

    const revoked = await trigger(t, tester, pixelCollection);
    await waitForRun(t, tester, revoked, (details) => details.testStatus === 'RUNNING');
    expect((await post(endpoints.gatewayAgents.revoke(lab.agent.id), admin, {})).status).toBe(200);
    expect((await runDetails(t, tester, revoked)).testStatus).toBe('ABORTED');
    expect(await logLines(tester, revoked)).toContain(`The token of gateway agent ${pixel} was revoked: run aborted`);
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: false, deviceInUse: false });
    expect(await phone(admin, iphone)).toMatchObject({ pluggedIn: false });
    expect((await post(endpoints.gatewayAgents.claim, lab.token, { idle: true, idleDevices: [pixel] })).status).toBe(401);
    expect((await post(endpoints.gatewayAgents.registerDevices, lab.token, { devices: [PIXEL] })).status).toBe(401);
  });

  it('a silent agent’s phones go Offline and their runs end ABORTED; its next beat brings them back', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const lab = await createAgent(admin, 'Lab');
    const pixel = (await registerDevices(lab.token, { devices: [PIXEL], started: true }))[PIXEL.udid] ?? '';
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const silent = await trigger(t, tester, await chosenCollection(tester, { [pixel]: 'QA Pixel' }));
    await waitForRun(t, tester, silent, (details) => details.testStatus === 'RUNNING');
    const { db } = t.server.services;
    expect(await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS - 5_000)).toEqual([]);
    const gone = await unplugSilentRemoteBrowsers(db, Date.now() + GATEWAY_AGENT_OFFLINE_AFTER_MS + 1_000);
    expect(gone).toEqual([pixel]);
    expect(await abortRunsOfSilentAgents(db, gone)).toBe(1);
    expect((await runDetails(t, tester, silent)).testStatus).toBe('ABORTED');
    expect(await logLines(tester, silent)).toContain(`Gateway agent ${pixel} went silent: run aborted`);
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: false, deviceInUse: false });
    expect((await post(endpoints.gatewayAgents.heartbeat, lab.token, {})).status).toBe(200);
    expect(await phone(admin, pixel)).toEqual({ pluggedIn: true, deviceInUse: false });
  });

  it('answers 400 to bad bodies, 401 to other tokens, 409 to a claim before any registration, and never 500', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const lab = await createAgent(admin, 'Lab');
    expect((await post(endpoints.gatewayAgents.claim, lab.token, { idle: true, idleDevices: [] })).status).toBe(409);
    expect((await post(endpoints.gatewayAgents.registerDevices, admin, { devices: [PIXEL] })).status).toBe(401);
    const bad: unknown[] = [
      {},
      { devices: 'emulator-5554' },
      { devices: [{ ...PIXEL, udid: '  ' }] },
      { devices: [{ ...PIXEL, platform: 'WINDOWS' }] },
      { devices: [PIXEL, { ...IPHONE, udid: PIXEL.udid }] },
      { devices: Array.from({ length: 101 }, (_, index) => ({ ...PIXEL, udid: `device-${index}` })) },
      { devices: [{ ...PIXEL, model: 'x'.repeat(201) }] },
      { devices: [PIXEL], started: 'yes' },
    ];
    for (const body of bad) expect((await post(endpoints.gatewayAgents.registerDevices, lab.token, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const notJson = await t.request(endpoints.gatewayAgents.registerDevices, {
      method: 'POST',
      headers: { authorization: `Bearer ${lab.token}`, 'content-type': 'application/json' },
      body: '{"devices": [',
    });
    expect(notJson.status).toBe(400);

    await registerDevices(lab.token, { devices: [PIXEL] });
    expect((await post(endpoints.gatewayAgents.claim, lab.token, { idle: true, idleDevices: 'all' })).status).toBe(400);
    expect((await post(endpoints.gatewayAgents.claim, lab.token, { idle: true, idleDevices: [''] })).status).toBe(400);
    for (const finish of [{ result: 'ABORTED' }, { result: 'ABORTED', reason: '   ' }, { result: 'GONE', reason: 'x' }, { result: 'PASSED', progress: 'half' }]) {
      expect((await post(endpoints.gatewayAgents.runFinish('any-run'), lab.token, finish)).status, JSON.stringify(finish)).toBe(400);
    }
    // A well-formed report about a run that is not the agent's.
    expect((await post(endpoints.gatewayAgents.runFinish('any-run'), lab.token, { result: 'ABORTED', reason: 'gone' })).status).toBe(403);
  });
});
