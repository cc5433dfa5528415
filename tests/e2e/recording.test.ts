import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RECORDING_START_TITLE } from '../../src/gateway-agent/recorder';
import { gatewayAgentCreatedSchema } from '../../src/shared/contracts/gateway-agents';
import { importStatusResponseSchema, isRecordingProcess } from '../../src/shared/contracts/importexport';
import { RECORDING_MESSAGES, recordingStoppedMessage, type RecordingProcess } from '../../src/shared/contracts/recordings';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from './api';
import { CHROMIUM_PATH, chromiumMissing, ROOT_DIR, screenshot } from './harness';
import { openStatusSidebar, openStudio, statusPanel } from './pages';
import { useE2E, useSignedInPages } from './setup';
import { freePort } from '../../src/server/testing/freePort';

const AGENT_NAME = 'Recording laptop';
const RECORDING_NAME = 'Recorded sign in and add';

/** The tester's browser, which the agent opened, driven as the tester would: over CDP, so real input events reach it. */
async function testersBrowser(port: number): Promise<{ browser: Browser; page: Page }> {
  let browser: Browser | undefined;
  await expect
    .poll(
      async () => {
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => undefined);
        return browser !== undefined;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  if (!browser) throw new Error('The recording browser never opened');
  const context = browser.contexts()[0];
  if (!context) throw new Error('The recording browser has no window');
  const page = context.pages()[0] ?? (await context.waitForEvent('page'));
  // The agent shows its start page once it captures what happens: a tester acting earlier would go unrecorded.
  await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(RECORDING_START_TITLE);
  return { browser, page };
}

async function recordingOf(api: PlatformApi, name: string): Promise<RecordingProcess | undefined> {
  const { data } = importStatusResponseSchema.parse(await (await api.call(endpoints.importExport.status)).json());
  return data.filter(isRecordingProcess).find((process) => process.name === name);
}

describe.skipIf(chromiumMissing)('recording a flow on a desktop gateway agent', { timeout: 300_000 }, () => {
  // No browser of the server's own: the replay can only run on the agent, which must be free again after recording.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '0' } }));
  const signedInPage = useSignedInPages(e2e);

  it('records the demo sign-in and an added item through the agent, and the created collection replays green', async () => {
    const { baseUrl } = e2e.platform;
    const api = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const created = gatewayAgentCreatedSchema.parse(
      await (await api.call(endpoints.gatewayAgents.create, { method: 'POST', body: JSON.stringify({ name: AGENT_NAME }) })).json(),
    ).data;
    const debugPort = await freePort();
    const output: string[] = [];
    let agent: ChildProcess | undefined;
    let tester: Browser | undefined;
    try {
      agent = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/gateway-agent/main.ts', '--platform', baseUrl, '--token', created.token, '--headless', '--recording-debug-port', String(debugPort)],
        { cwd: ROOT_DIR, env: { ...process.env, CHROMIUM_PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      for (const stream of [agent.stdout, agent.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      await expect.poll(() => output.join(''), { timeout: 60_000 }).toContain('Registered as');
      const deviceId = /Registered as (\S+)/.exec(output.join(''))?.[1];

      const page = await signedInPage();
      await openStudio(page, baseUrl);
      await openStatusSidebar(page);
      await statusPanel(page, 'Collection Recording').getByRole('button', { name: 'Record Collection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record Collection' });
      const name = dialog.getByRole('textbox', { name: 'Collection name' });
      await expect.poll(() => name.inputValue()).toMatch(/^Recording /);
      await name.fill(RECORDING_NAME);
      await dialog.getByRole('button', { name: /Device$/ }).click();
      await screenshot(page, 'recording-devices');
      await page.getByRole('option', { name: AGENT_NAME, exact: true }).click();
      await screenshot(page, 'recording-started');
      await dialog.getByRole('button', { name: 'Start' }).click();
      await page.getByText(RECORDING_MESSAGES.started).first().waitFor();
      await dialog.getByRole('button', { name: 'Stop' }).waitFor();

      const { browser, page: user } = await testersBrowser(debugPort);
      tester = browser;
      await user.goto(`${baseUrl}${endpoints.demoApp}`);
      await user.getByLabel('User').pressSequentially('demo');
      await user.getByLabel('Password').pressSequentially('demo');
      await user.getByRole('button', { name: 'Sign in' }).click();
      await user.waitForURL(/list\.html$/);
      await user.getByLabel('New item').fill('Recorded item');
      await user.getByLabel('Category').selectOption('Work');
      await user.getByLabel('Urgent').check();
      await user.getByRole('button', { name: 'Add item' }).click();
      await user.getByText('4 items').waitFor();
      // The agent sends what it saw every half second or so (typing may arrive as several actions, which the
      // collection collapses): wait until the count has stopped moving.
      let stored = -1;
      await expect
        .poll(
          async () => {
            const previous = stored;
            stored = (await recordingOf(api, RECORDING_NAME))?.actionCount ?? 0;
            return stored >= 8 && stored === previous;
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(true);
      // The modal's 5 s poll brings the count.
      await dialog
        .getByText(`Actions recorded: ${stored}`)
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          await screenshot(page, 'recording-count-missing');
          throw error;
        });
      await screenshot(page, 'recording-in-progress');

      await dialog.getByRole('button', { name: 'Stop' }).click();
      await page.getByText(recordingStoppedMessage('PROCESSING')).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await recordingOf(api, RECORDING_NAME))?.status, { timeout: 30_000 }).toBe('COMPLETED');
      const recordings = statusPanel(page, 'Recording Collections');
      await recordings.getByRole('list', { name: 'Completed recordings' }).getByRole('listitem', { name: RECORDING_NAME }).waitFor({ timeout: 15_000 });
      await screenshot(page, 'recording-completed');

      const collection = await api.loadCollection(await api.collectionIdByName(RECORDING_NAME));
      const steps = collection.testCases.flatMap((testCase) => testCase.steps);
      expect(steps.map((step) => [step.action, step.value])).toEqual([
        ['open', ''],
        ['type', 'demo'],
        ['type', 'demo'],
        ['click', ''],
        ['type', 'Recorded item'],
        ['select', 'Work'],
        ['check', 'true'],
        ['click', ''],
      ]);
      expect(steps[0]?.target).toBe(`${baseUrl}${endpoints.demoApp}`);

      // The replay runs in a fresh browser on the agent: adding an item only works if the recorded sign-in worked.
      const replay = await api.waitForRun(await api.trigger(collection.id), undefined, 120_000);
      expect(replay.testStatus, output.join('')).toBe('PASSED');
      expect(replay.devices).toEqual([deviceId]);
    } finally {
      await tester?.close().catch(() => undefined);
      agent?.kill('SIGTERM');
    }
  });
});
