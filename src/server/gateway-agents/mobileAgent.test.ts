import { afterEach, describe, expect, it } from 'vitest';
import { devicesResponseSchema } from '../../shared/contracts/devices';
import { gatewayAgentCreatedSchema } from '../../shared/contracts/gateway-agents';
import type { MobileDevice } from '../../shared/contracts/mobile';
import { endpoints } from '../../shared/endpoints';
import { startMobileGatewayAgent, type MobileDriver, type MobileGatewayAgent, type MobileRunInput } from '../../gateway-agent/mobileAgent';
import { RunStopped } from '../runs/executor/browserExecutor';
import { initialProgress } from '../runs/progress';
import { browserCollection, runDetails, saveCollection, trigger, waitForRun } from '../testing/runFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

const APPIUM = 'http://127.0.0.1:4723';
const PIXEL: MobileDevice = { udid: 'emulator-5554', platform: 'ANDROID', name: 'QA Pixel', model: 'Pixel 7', osVersion: '14', capabilities: {} };
const IPHONE: MobileDevice = { udid: '00008110-001A2B3C4D5E', platform: 'IOS', model: 'iPhone 15', osVersion: '17.2', capabilities: {} };
/** A 1x1 PNG, the screenshot the stand-in executor takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

class DeviceGone extends Error {}

/**
 * Stands in for the Appium executor (src/gateway-agent/mobile, another part of issue 28) so these tests cover the
 * agent and the platform between them: a flow named 'pass' passes one step with a screenshot, 'hold' runs until it is
 * stopped, 'gone' loses its device.
 */
function standInDriver(stopped: string[]): MobileDriver {
  return {
    status: (url) => (url === APPIUM ? Promise.resolve(null) : Promise.reject(new Error('connect ECONNREFUSED'))),
    deviceGoneReason: (error) => (error instanceof DeviceGone ? error.message : undefined),
    async execute(input: MobileRunInput) {
      const flow = input.collection.testCases[0]?.testCaseId;
      if (flow === 'gone') throw new DeviceGone(`Device ${input.device.udid} went away mid-run: its Appium session ended`);
      if (flow === 'hold') {
        await new Promise<void>((resolveStop) => input.signal.addEventListener('abort', () => resolveStop(), { once: true }));
        stopped.push(input.statusId);
        throw new RunStopped();
      }
      const image = await input.artifacts.write('tap', 'png', PNG);
      const at = new Date().toISOString();
      const progress = { ...initialProgress(), passedSteps: 1 };
      await input.recorder.step(
        { status_id: input.statusId, flow_index: 0, flow_id: 'pass', flow_name: 'pass', flow_type: 'FLOW', flow_loop: 1, step_id: 'tap', step_name: 'Tap Sign in', action: 'tap',
          result: 'PASSED', error_detail: '', validation_result: '', images: [image], attachments: [], time_started: at, time_completed: at },
        progress,
      );
      return { result: 'PASSED', progress };
    },
  };
}

describe('the --appium gateway agent against the platform (issue 28)', { timeout: 90_000 }, () => {
  let t: TestServer;
  let agent: MobileGatewayAgent | undefined;
  afterEach(async () => {
    await agent?.close();
    agent = undefined;
    await t.close();
  });

  async function phone(token: string, deviceId: string) {
    const devices = devicesResponseSchema.parse(await (await t.request(endpoints.devices.list, { token })).json()).data.mobileDevices;
    const device = devices.find((candidate) => candidate.deviceId === deviceId);
    return device && { name: device.deviceDisplayName, os: device.deviceOSDisplay, pluggedIn: device.pluggedIn, deviceInUse: device.deviceInUse };
  }

  const flowOn = (token: string, deviceId: string, flow: string) =>
    saveCollection(t, token, {
      ...browserCollection({ flows: [{ testCaseId: flow, steps: [{ stepId: 'tap', action: 'tap', target: '~Sign in' }] }] }),
      deviceType: 'HYBRID',
      hybridDeviceIds: { [deviceId]: 'phone' },
    });

  it('says Appium is not reachable, then serves two phones at once, reports steps with screenshots, cancel, a lost device and a device that went away', async () => {
    t = await startTestServer({ browserPoolSize: 0 });
    const admin = await t.tokenFor(t.admin);
    const created = await t.request(endpoints.gatewayAgents.create, { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Lab' }) });
    const { token } = gatewayAgentCreatedSchema.parse(await created.json()).data;
    const stopped: string[] = [];
    let present = [PIXEL, IPHONE];
    const options = {
      platform: t.baseUrl,
      token,
      appiumUrl: APPIUM,
      driver: standInDriver(stopped),
      discover: () => Promise.resolve(present),
      heartbeatMs: 200,
      claimMs: 100,
      rediscoverEveryBeats: 1,
      log: process.env.AGENT_LOG ? console.log : () => undefined,
    };
    await expect(startMobileGatewayAgent({ ...options, appiumUrl: 'http://127.0.0.1:9' })).rejects.toThrow(
      /^Appium is not reachable at http:\/\/127\.0\.0\.1:9 \(connect ECONNREFUSED\)\. Start it next to the devices/,
    );
    agent = await startMobileGatewayAgent(options);
    const ids = Object.fromEntries(agent.devices().map((device) => [device.udid, device.deviceId]));
    const pixel = ids[PIXEL.udid] ?? '';
    const iphone = ids[IPHONE.udid] ?? '';
    expect(await phone(admin, pixel)).toEqual({ name: 'QA Pixel', os: 'Android 14', pluggedIn: true, deviceInUse: false });
    expect(await phone(admin, iphone)).toEqual({ name: 'iPhone 15', os: 'iOS 17.2', pluggedIn: true, deviceInUse: false });

    const tester = await t.tokenFor(await t.createUser(['STUDIO']));
    const held = await trigger(t, tester, await flowOn(tester, iphone, 'hold'));
    await waitForRun(t, tester, held, (details) => details.logsList.some((line) => line.value.startsWith('Started on iPhone 15 (iOS 17.2) through Appium')));
    // The iPhone is busy with its run; the Pixel takes another meanwhile.
    const passed = await waitForRun(t, tester, await trigger(t, tester, await flowOn(tester, pixel, 'pass')));
    expect(passed.testStatus).toBe('PASSED');
    expect(passed.displayDevices).toBe('QA Pixel (Android 14)');
    expect(passed.logsList.map((line) => line.value)).toEqual(
      expect.arrayContaining([`Taken by gateway agent ${pixel}`, `Started on QA Pixel (Android 14, Pixel 7) through Appium at ${APPIUM}`, 'Finished: PASSED']),
    );
    const shot = passed.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[0]?.images[0];
    const image = await t.request(`${endpoints.runs.downloadFile}?path=${encodeURIComponent(shot?.path ?? '')}`, { token: tester });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await runDetails(t, tester, held)).testStatus).toBe('RUNNING');
    expect(await phone(admin, iphone)).toMatchObject({ deviceInUse: true });

    expect((await t.request(`${endpoints.runs.cancelRunning}?statusId=${held}`, { method: 'POST', token: tester })).status).toBe(200);
    await expect.poll(() => stopped).toContain(held);
    expect((await runDetails(t, tester, held)).testStatus).toBe('CANCELLED');

    const lost = await waitForRun(t, tester, await trigger(t, tester, await flowOn(tester, pixel, 'gone')));
    expect(lost.testStatus).toBe('ABORTED');
    expect(lost.logsList.map((line) => line.value)).toContain(`Device ${PIXEL.udid} went away mid-run: its Appium session ended`);

    // Unplugged mid-run: the next discovery no longer finds it, and the platform aborts its run.
    const unplugged = await trigger(t, tester, await flowOn(tester, iphone, 'hold'));
    await waitForRun(t, tester, unplugged, (details) => details.logsList.some((line) => line.value.startsWith('Started on iPhone 15')));
    present = [PIXEL];
    const aborted = await waitForRun(t, tester, unplugged);
    expect(aborted.testStatus).toBe('ABORTED');
    expect(aborted.logsList.map((line) => line.value)).toContain('Device iPhone 15 went away (no longer listed by its agent): run aborted');
    await expect.poll(() => stopped).toContain(unplugged);
    expect(await phone(admin, iphone)).toMatchObject({ pluggedIn: false, deviceInUse: false });
    // Plugged in again: served again under the same resource.
    present = [PIXEL, IPHONE];
    await expect.poll(() => phone(admin, iphone)).toMatchObject({ pluggedIn: true });
    expect((await waitForRun(t, tester, await trigger(t, tester, await flowOn(tester, iphone, 'pass')))).testStatus).toBe('PASSED');
  });
});
