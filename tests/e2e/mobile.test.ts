import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devicesResponseSchema, type Device } from '../../src/shared/contracts/devices';
import { gatewayAgentCreatedSchema } from '../../src/shared/contracts/gateway-agents';
import type { RunDetails } from '../../src/shared/contracts/runs';
import { endpoints } from '../../src/shared/endpoints';
import { EMULATED_PHONE, startAppium, type AppiumServer } from '../../src/server/testing/appium';
import { PlatformApi, browserCollection, poll } from './api';
import { CHROMIUM_PATH, ROOT_DIR, chromiumMissing, screenshot } from './harness';
import { openLastCompletedReport, openResourceManagement, tableRow } from './pages';
import { useE2E, useSignedInPages } from './setup';

const PHONE_NAME = 'E2E Pixel';
const DEMO_PASSING = 'Demo_Sign_In';
/** A step that should pass has this long on the phone: a safety net on a busy machine, not a speed limit. */
const STEP_TIMEOUT_MS = 30_000;
const RUN_LIMIT_MS = 180_000;

const imagesOf = (details: RunDetails) =>
  details.testCaseDetails.flatMap((flow) => flow.testCaseDetailByLoop.flatMap((loop) => loop.steps.flatMap((step) => step.images)));

async function mobileDevices(api: PlatformApi): Promise<Device[]> {
  return devicesResponseSchema.parse(await (await api.call(endpoints.devices.list)).json()).data.mobileDevices;
}

/** react-aria keeps the radio input visually hidden: a user clicks its label. */
async function showMobile(resources: Locator): Promise<void> {
  await resources.getByRole('radiogroup', { name: 'Resource type' }).locator('label', { hasText: 'Mobile' }).click();
  await expect.poll(() => resources.getByRole('radio', { name: 'Mobile' }).isChecked()).toBe(true);
}

describe.skipIf(chromiumMissing)('a phone through the real Appium server, served by the gateway agent', { timeout: 600_000 }, () => {
  // No browser of the server's own: a run can only go to the phone.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '0' } }));
  const signedInPage = useSignedInPages(e2e);

  it('lists the phone under Mobile, passes the demo sign-in on it with screenshots, fails a wrong assertion with one, cancels, and aborts when Appium dies', async () => {
    const { baseUrl } = e2e.platform;
    const api = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const { token } = gatewayAgentCreatedSchema.parse(
      await (await api.call(endpoints.gatewayAgents.create, { method: 'POST', body: JSON.stringify({ name: 'E2E lab machine' }) })).json(),
    ).data;
    const folder = await mkdtemp(join(tmpdir(), 'mobile-e2e-'));
    const devicesFile = join(folder, 'devices.json');
    await writeFile(devicesFile, JSON.stringify([{ ...EMULATED_PHONE, name: PHONE_NAME, osVersion: '14' }]));
    const output: string[] = [];
    let appium: AppiumServer | undefined;
    let agent: ChildProcess | undefined;
    const explain = () => `agent:\n${output.join('')}\nappium:\n${appium?.output().slice(-4000) ?? ''}`;
    try {
      appium = await startAppium();
      agent = spawn(process.execPath, ['--import', 'tsx', 'src/gateway-agent/main.ts', '--platform', baseUrl, '--token', token, '--appium', appium.url, '--devices', devicesFile], {
        cwd: ROOT_DIR,
        env: { ...process.env, CHROMIUM_PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [agent.stdout, agent.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

      // Resource Management shows the phone under Mobile, Available, as Android 14.
      const page = await signedInPage();
      const resources = await openResourceManagement(page, baseUrl);
      await showMobile(resources);
      const row = tableRow(resources.getByRole('grid', { name: 'Mobile resources' }), PHONE_NAME);
      await row.getByText('Available').waitFor({ timeout: 60_000 });
      await expect.poll(() => row.textContent()).toContain('Android 14');
      await screenshot(page, 'mobile-resource-available');
      const [phone] = (await mobileDevices(api)).filter((device) => device.deviceDisplayName === PHONE_NAME);
      expect(phone).toMatchObject({ deviceType: 'ANDROID', cmdDeviceType: 'MOBILE', deviceModel: 'Pixel 7', deviceOSDisplay: 'Android 14', deviceSerial: EMULATED_PHONE.udid, pluggedIn: true });
      const deviceId = phone?.deviceId ?? '';
      const onPhone = (document: Record<string, unknown>) => ({ ...document, deviceType: 'HYBRID', hybridDeviceIds: { [deviceId]: PHONE_NAME } });

      // The seeded browser collection, unchanged but for a screenshot, runs on the phone's mobile web.
      const seeded = await api.loadCollection(await api.collectionIdByName(DEMO_PASSING));
      const withShot = {
        ...seeded,
        testCases: seeded.testCases.map((flow, index) =>
          index === 0 ? { ...flow, steps: [...flow.steps, { stepId: 'phone-shot', stepName: 'Screenshot on the phone', action: 'screenshot', target: '', value: '', timeoutMs: STEP_TIMEOUT_MS }] } : flow,
        ),
      };
      const passingId = await api.saveCollection(onPhone(withShot));
      const passed = await api.waitForRun(await api.trigger(passingId), undefined, RUN_LIMIT_MS);
      expect(passed.testStatus, explain()).toBe('PASSED');
      expect(passed.devices).toEqual([deviceId]);
      expect(passed.displayDevices).toBe(`${PHONE_NAME} (Android 14)`);
      const [shot] = imagesOf(passed);
      const image = await api.download(shot?.path ?? '');
      expect(image.headers.get('content-type')).toBe('image/png');
      // The sidebar reads the last completed run when the page opens.
      await showMobile(await openResourceManagement(page, baseUrl));
      const report = await openLastCompletedReport(page, DEMO_PASSING);
      await report.getByText(`${PHONE_NAME} (Android 14)`).first().waitFor();
      await screenshot(page, 'mobile-report-passed');
      await report.getByRole('button', { name: 'Close' }).click();
      await report.waitFor({ state: 'detached' });

      // A wrong assertion fails on the phone, with a screenshot of what it showed.
      const wrongId = await api.saveCollection(
        onPhone(
          browserCollection('Wrong heading on the phone', [
            {
              testCaseId: 'wrong-heading',
              steps: [
                { stepId: 'open', action: 'open', value: `${baseUrl}${endpoints.demoApp}`, timeoutMs: STEP_TIMEOUT_MS },
                { stepId: 'heading', action: 'assertText', target: 'h1', value: 'Welcome back', timeoutMs: 2_000 },
              ],
            },
          ]),
        ),
      );
      const failed = await api.waitForRun(await api.trigger(wrongId), undefined, RUN_LIMIT_MS);
      expect(failed.testStatus, explain()).toBe('FAILED');
      const failedStep = failed.testCaseDetails[0]?.testCaseDetailByLoop[0]?.steps[1];
      expect(failedStep?.errorDetail).toMatch(/^Assertion failed: expected the text of "h1" to contain "Welcome back"; found /);
      expect(failedStep?.images).toHaveLength(1);

      // Cancel stops the phone's run, and the phone is free again.
      const endlessId = await api.saveCollection(
        onPhone(
          browserCollection('Endless on the phone', [
            {
              testCaseId: 'wait-forever',
              steps: [
                { stepId: 'open', action: 'open', value: `${baseUrl}${endpoints.demoApp}`, timeoutMs: STEP_TIMEOUT_MS },
                { stepId: 'wait-forever', action: 'waitFor', target: '#never-there', timeoutMs: 300_000 },
              ],
            },
          ]),
        ),
      );
      const waitingOnStep2 = (details: RunDetails) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 2;
      const cancelled = await api.trigger(endlessId);
      await api.waitForRun(cancelled, waitingOnStep2, RUN_LIMIT_MS);
      await row.getByText('Busy').waitFor({ timeout: 30_000 });
      await api.cancelRunning(cancelled);
      expect((await api.details(cancelled)).testStatus).toBe('CANCELLED');
      await row.getByText('Available').waitFor({ timeout: 30_000 });
      await expect.poll(() => output.join(''), { timeout: 30_000 }).toContain(`Run ${cancelled} done`);

      // Appium dies mid-run: the run ends ABORTED, saying the phone went away.
      const orphaned = await api.trigger(endlessId);
      await api.waitForRun(orphaned, waitingOnStep2, RUN_LIMIT_MS);
      await appium.kill();
      const aborted = await api.waitForRun(orphaned, undefined, RUN_LIMIT_MS);
      expect(aborted.testStatus, `${aborted.logsList.map((line) => line.value).join('\n')}\n${explain()}`).toBe('ABORTED');
      const wentAway = `went away: Appium at ${appium.url} stopped answering`;
      expect(aborted.logsList.some((line) => line.value.startsWith(PHONE_NAME) && line.value.includes(wentAway)), explain()).toBe(true);
      await poll(
        () => mobileDevices(api),
        (devices) => devices.some((device) => device.deviceId === deviceId && !device.deviceInUse),
        30_000,
        (devices) => JSON.stringify(devices),
      );
    } finally {
      agent?.kill('SIGTERM');
      await appium?.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
