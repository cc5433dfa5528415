import { afterEach, describe, expect, it } from 'vitest';
import { devicesResponseSchema, type Device } from '../../shared/contracts/devices';
import { remoteBrowserAddedSchema, REMOTE_BROWSER_OFFLINE_AFTER_MS } from '../../shared/contracts/remote-browsers';
import { endpoints } from '../../shared/endpoints';
import { browserCollection, CHROMIUM, runDetails, saveCollection, startPageServer, trigger, waitForRun, type PageServer } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { startBrowserAgent, type BrowserAgent } from './agent/browserAgent';
import { unplugSilentRemoteBrowsers } from './remoteBrowsers';

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

describe('browser resources on other machines', { timeout: 60_000 }, () => {
  let t: TestServer;
  let pages: PageServer | undefined;
  const agents: BrowserAgent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) await agent.close();
    await t.close();
    await pages?.close();
    pages = undefined;
  });

  const post = (path: string, token: string, body: unknown) =>
    t.request(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function addRemote(token: string, name: string): Promise<{ deviceId: string; token: string }> {
    const response = await post(endpoints.devices.addRemoteBrowser, token, { name });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return remoteBrowserAddedSchema.parse(await response.json()).data;
  }

  async function browsers(token: string): Promise<Device[]> {
    const response = await t.request(endpoints.devices.list, { token });
    return devicesResponseSchema.parse(await response.json()).data.browserDevices;
  }

  const statusOf = async (token: string, deviceId: string) => {
    const device = (await browsers(token)).find((candidate) => candidate.deviceId === deviceId);
    return device && { pluggedIn: device.pluggedIn, deviceInUse: device.deviceInUse, name: device.deviceDisplayName, os: device.deviceOSDisplay };
  };

  async function agentFor(remoteToken: string, extra: { heartbeatMs?: number; onRevoked?: () => void } = {}): Promise<BrowserAgent> {
    const agent = await startBrowserAgent({
      platform: t.baseUrl,
      token: remoteToken,
      name: 'Lab machine',
      host: '127.0.0.1',
      port: 0,
      chromiumPath: CHROMIUM,
      log: () => undefined,
      ...extra,
    });
    agents.push(agent);
    return agent;
  }

  it('is Offline once added, Available when its command registers, and runs collections with screenshots, video and cancel', async () => {
    pages = await startPageServer();
    // No browser of the server's own: every run must go to the remote one.
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const remote = await addRemote(admin, 'Lab browser');
    expect(remote.token).toMatch(/^rb_/);
    expect(await statusOf(admin, remote.deviceId)).toEqual({ pluggedIn: false, deviceInUse: false, name: 'Lab browser', os: 'Remote' });

    const agent = await agentFor(remote.token);
    expect(agent.deviceId).toBe(remote.deviceId);
    expect(agent.wsEndpoint).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]{36}$/);
    expect(await statusOf(admin, remote.deviceId)).toEqual({ pluggedIn: true, deviceInUse: false, name: 'Lab machine', os: 'Remote' });

    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const collectionId = await saveCollection(
      t,
      tester,
      browserCollection({
        video: true,
        flows: [
          {
            testCaseId: 'remote',
            steps: [
              { stepId: 'open', action: 'open', value: `${pages.origin}/list` },
              { stepId: 'shot', action: 'screenshot' },
            ],
          },
        ],
      }),
    );
    const passed = await waitForRun(t, tester, await trigger(t, tester, collectionId));
    // The run's log says why, should it fail.
    expect(passed.testStatus, passed.logsList.map((line) => line.value).join('\n')).toBe('PASSED');
    expect(passed.devices).toEqual([remote.deviceId]);
    const shot = passed.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[1]?.images[0];
    const image = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(shot?.path ?? '')}`, { token: tester });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(passed.attachments.map((file) => file.name)).toEqual(['0002-video.webm']);
    const video = new Uint8Array(await (await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(passed.attachments[0]?.path ?? '')}`, { token: tester })).arrayBuffer());
    expect([...video.subarray(0, EBML_MAGIC.length)]).toEqual(EBML_MAGIC);

    const slowId = await saveCollection(
      t,
      tester,
      browserCollection({ flows: [{ testCaseId: 'slow', steps: [{ stepId: 'w', action: 'waitFor', target: '#never', timeoutMs: 60_000 }] }] }),
    );
    const slow = await trigger(t, tester, slowId);
    await waitForRun(t, tester, slow, (details) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 1);
    expect(await statusOf(admin, remote.deviceId)).toMatchObject({ deviceInUse: true });
    const stop = await t.request(`${endpoints.runs.cancelRunning}?statusId=${slow}`, { method: 'POST', token: tester });
    expect(stop.status).toBe(200);
    expect((await runDetails(t, tester, slow)).testStatus).toBe('CANCELLED');
    expect(await statusOf(admin, remote.deviceId)).toMatchObject({ pluggedIn: true, deviceInUse: false });
    expect(t.server.services.runs.executingHere()).toEqual([]);
  });

  it('goes Offline 30 s after its last heartbeat and Available with the next; an unreachable endpoint sends the run back to the queue', async () => {
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const remote = await addRemote(admin, 'Flaky');
    // The agent's own beats would race the Offline check, so it beats only once an hour and the test sends the next one.
    await agentFor(remote.token, { heartbeatMs: 3_600_000 });
    const { db } = t.server.services;

    expect(await unplugSilentRemoteBrowsers(db, Date.now() + REMOTE_BROWSER_OFFLINE_AFTER_MS - 1_000)).toEqual([]);
    expect(await unplugSilentRemoteBrowsers(db, Date.now() + REMOTE_BROWSER_OFFLINE_AFTER_MS + 1_000)).toEqual([remote.deviceId]);
    expect(await statusOf(admin, remote.deviceId)).toMatchObject({ pluggedIn: false });
    expect((await post(endpoints.devices.remoteBrowserHeartbeat, remote.token, {})).status).toBe(200);
    expect(await statusOf(admin, remote.deviceId)).toMatchObject({ pluggedIn: true });

    // The browser server went away without telling anyone: the run cannot reach it and waits for a resource that works.
    await agents.splice(0)[0]?.close();
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const collectionId = await saveCollection(t, tester, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 'o', action: 'open', value: 'about:blank' }] }] }));
    const statusId = await trigger(t, tester, collectionId);
    await waitForRun(t, tester, statusId, (details) =>
      details.logsList.some((line) => line.value.startsWith(`The remote browser could not be reached on ${remote.deviceId}`)),
    );
    // Read again: one answer reads the run's state before its logs (so a client that stops polling at a final state
    // has every line), and may hold the requeue's log line with the state from just before it.
    expect(await runDetails(t, tester, statusId)).toMatchObject({ testStatus: 'QUEUED', devices: [] });
    expect(await statusOf(admin, remote.deviceId)).toEqual({ pluggedIn: false, deviceInUse: false, name: 'Lab machine', os: 'Remote' });
  });

  it('lets its token register and beat only, refuses wrong tokens and endpoints, and stops the agent when the token is refused', async () => {
    t = await startTestServer({ chromiumPath: CHROMIUM, browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const remote = await addRemote(admin, 'Locked down');

    expect((await t.request(endpoints.devices.list, { token: remote.token })).status).toBe(401);
    expect((await post(endpoints.devices.addRemoteBrowser, remote.token, { name: 'More' })).status).toBe(401);
    expect((await post(endpoints.devices.remoteBrowserHeartbeat, remote.token, {})).status).toBe(409);
    expect((await post(endpoints.devices.registerRemoteBrowser, remote.token, { wsEndpoint: 'http://example.test/x' })).status).toBe(400);
    expect((await post(endpoints.devices.registerRemoteBrowser, 'rb_wrong', { wsEndpoint: 'ws://127.0.0.1:1/x' })).status).toBe(401);
    expect((await post(endpoints.devices.registerRemoteBrowser, admin, { wsEndpoint: 'ws://127.0.0.1:1/x' })).status).toBe(401);
    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    expect((await post(endpoints.devices.addRemoteBrowser, tester, { name: 'Mine' })).status).toBe(403);
    const empty = await post(endpoints.devices.addRemoteBrowser, admin, { name: '  ' });
    expect(empty.status).toBe(400);

    let revoked = false;
    await agentFor(remote.token, { heartbeatMs: 100, onRevoked: () => (revoked = true) });
    await t.server.services.db.updateTable('resources').set({ token_hash: 'replaced' }).where('device_id', '=', remote.deviceId).execute();
    await expect.poll(() => revoked).toBe(true);
  });
});
