import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DESKTOP_TEXT } from '../../src/features/clients/components/DesktopClientCard';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi, browserCollection } from './api';
import { CHROMIUM_PATH, chromiumMissing, screenshot } from './harness';
import type { Locator } from 'playwright-core';
import { openResourceManagement, tableRow } from './pages';
import { useE2E, useSignedInPages } from './setup';

const DEMO_PASSING = 'Demo_Sign_In';
const AGENT_NAME = 'E2E laptop';

/** react-aria keeps the radio input visually hidden: a user clicks its label. */
async function showDesktop(resources: Locator): Promise<void> {
  await resources.locator('label', { hasText: 'Desktop' }).click();
  await expect.poll(() => resources.getByRole('radio', { name: 'Desktop' }).isChecked()).toBe(true);
}

/** Unpacks the downloaded zip as a tester would, keeping start.sh executable. */
async function unpack(zip: Uint8Array, folder: string): Promise<void> {
  for (const [name, data] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue;
    const file = join(folder, name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
  }
  await chmod(join(folder, 'start.sh'), 0o755);
}

describe.skipIf(chromiumMissing)('the desktop gateway agent, downloaded and run against the real server', { timeout: 240_000 }, () => {
  // No browser of the server's own: a HYBRID run can only go to the agent.
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '0' } }));
  const signedInPage = useSignedInPages(e2e);

  it('creates a token in the UI, runs the downloaded zip, shows the agent in Resource Management, passes a HYBRID run on it and cancels another', async () => {
    const { baseUrl } = e2e.platform;
    const page = await signedInPage();
    const resources = await openResourceManagement(page, baseUrl);
    await showDesktop(resources);
    await resources.getByRole('button', { name: 'Create gateway agent' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create gateway agent' });
    await createDialog.getByRole('textbox', { name: 'Agent name' }).fill(AGENT_NAME);
    await createDialog.getByRole('button', { name: 'Create' }).click();
    const created = page.getByRole('dialog', { name: `Gateway agent ${AGENT_NAME} created` });
    const token = (await created.getByLabel('Agent token').textContent()) ?? '';
    expect(token).toMatch(/^ga_/);
    await screenshot(page, 'gateway-agent-token');
    await created.getByRole('button', { name: 'Done' }).click();

    // The zip is built shortly after the server starts.
    const api = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const built = () =>
      api.call(endpoints.clients.getClientUrl, { method: 'POST', body: JSON.stringify({ clientType: 'DESKTOP' }) }).then(
        () => true,
        () => false,
      );
    await expect.poll(built, { timeout: 90_000, interval: 500 }).toBe(true);
    await page.goto(`${baseUrl}/studio/client-download`);
    const desktop = page.getByRole('region', { name: DESKTOP_TEXT.heading });
    const [download] = await Promise.all([page.waitForEvent('download'), desktop.getByRole('button', { name: /^Download zip/ }).click()]);
    const folder = await mkdtemp(join(tmpdir(), 'gateway-agent-e2e-'));
    let agent: ChildProcess | undefined;
    const output: string[] = [];
    try {
      await unpack(new Uint8Array(await readFile(await download.path())), folder);
      agent = spawn('sh', [join(folder, 'start.sh'), '--platform', baseUrl, '--token', token], {
        cwd: folder,
        env: { ...process.env, CHROMIUM_PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [agent.stdout, agent.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

      const shown = await openResourceManagement(page, baseUrl);
      await showDesktop(shown);
      const agentRow = tableRow(shown.getByRole('grid', { name: 'Gateway agents' }), AGENT_NAME);
      await agentRow.getByText('Online').waitFor({ timeout: 30_000 });
      const resourceRow = tableRow(shown.getByRole('grid', { name: 'Desktop resources' }), AGENT_NAME);
      await resourceRow.getByText('Available').waitFor();
      const deviceId = (await agentRow.getByRole('gridcell').nth(0).textContent()) ?? '';
      expect(deviceId).toMatch(/^gateway-agent-/);
      await screenshot(page, 'gateway-agent-online');

      // The seeded collection, as a HYBRID run.
      const seeded = await api.loadCollection(await api.collectionIdByName(DEMO_PASSING));
      const hybridId = await api.saveCollection({ ...seeded, deviceType: 'HYBRID' });
      const passed = await api.waitForRun(await api.trigger(hybridId), undefined, 120_000);
      expect(passed.testStatus, output.join('')).toBe('PASSED');
      expect(passed.devices).toEqual([deviceId]);
      expect(passed.logsList.map((line) => line.value)).toContain(`Taken by gateway agent ${deviceId}`);

      const endless = await api.saveCollection({
        ...browserCollection('Endless on the agent', [
          {
            testCaseId: 'wait-forever',
            steps: [
              { stepId: 'open-demo', action: 'open', value: `${baseUrl}${endpoints.demoApp}` },
              { stepId: 'wait-forever', action: 'waitFor', target: '#never-there', timeoutMs: 120_000 },
            ],
          },
        ]),
        deviceType: 'HYBRID',
      });
      const second = await api.trigger(endless);
      await api.waitForRun(second, (details) => details.testStatus === 'RUNNING' && details.progress.currentStatus.stepIndexCurrent === 2);
      await resourceRow.getByText('Busy').waitFor({ timeout: 15_000 });
      await api.cancelRunning(second);
      expect((await api.details(second)).testStatus).toBe('CANCELLED');
      // The agent hears of it on its next poll, closes its browser and is free again.
      await resourceRow.getByText('Available').waitFor({ timeout: 15_000 });
      await expect.poll(() => output.join(''), { timeout: 15_000 }).toContain(`Run ${second} done`);
      await screenshot(page, 'gateway-agent-after-cancel');
    } finally {
      agent?.kill('SIGTERM');
      await rm(folder, { recursive: true, force: true });
    }
  });
});
