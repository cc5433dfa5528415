import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import { triggerInteractiveBotResponseSchema } from '../../src/shared/contracts/interactive-bots';
import { endpoints } from '../../src/shared/endpoints';
import { PlatformApi } from './api';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openStatusSidebar, statusPanel } from './pages';
import { useE2E, useSignedInPages } from './setup';

const run = promisify(execFile);
const DEMO_PASSING = 'Demo_Sign_In';
const BOT_NAME = 'Sign-in check bot';
const BOT_INTENT = 'sign in check';

/** Runs the real curl binary; `--write-out` appends the HTTP status on its own line after the body. */
async function curl(args: readonly string[]): Promise<{ status: number; body: unknown }> {
  const { stdout } = await run('curl', ['--silent', '--show-error', '--write-out', '\n%{http_code}', ...args]);
  const split = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(split + 1)), body: JSON.parse(stdout.slice(0, split)) as unknown };
}

describe.skipIf(chromiumMissing)('interactive bots in real Chromium, triggered with curl', { timeout: 180_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));

  const signedInPage = useSignedInPages(e2e);

  it('creates a bot in the Interactive Bot tab, starts its collection with curl and its secret, and refuses once disabled', async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/control-room`);
    await page.getByRole('tab', { name: 'Interactive Bot' }).click();
    const tab = page.getByRole('region', { name: 'Interactive bots' });
    await tab.getByRole('button', { name: 'New interactive bot' }).click();

    const form = page.getByRole('dialog', { name: 'New interactive bot' });
    await form.getByRole('textbox', { name: 'Name' }).fill(BOT_NAME);
    await form.getByRole('textbox', { name: 'Intent' }).fill(BOT_INTENT);
    await chooseOption(page, form, 'Collection', DEMO_PASSING);
    await form.getByRole('button', { name: 'Save' }).click();

    const secretDialog = page.getByRole('dialog', { name: `Trigger secret of ${BOT_NAME}` });
    const secret = (await secretDialog.getByLabel('Trigger secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const shownCommand = (await secretDialog.getByLabel('curl example').textContent()) ?? '';
    expect(shownCommand).toContain(`${e2e.platform.baseUrl}${endpoints.interactiveBots.trigger}`);
    await screenshot(page, 'interactive-bots-secret');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await tab.getByRole('rowheader', { name: BOT_NAME }).waitFor();
    expect(await tab.getByRole('switch', { name: `Enable ${BOT_NAME}` }).isChecked()).toBe(true);
    // The secret is shown once: it is nowhere on the page any more.
    expect(await page.getByText(secret).count()).toBe(0);

    // The sidebar shows the run the trigger starts.
    await openStatusSidebar(page);
    const triggerUrl = `${e2e.platform.baseUrl}${endpoints.interactiveBots.trigger}`;
    const started = await curl([
      '-X',
      'POST',
      triggerUrl,
      '-H',
      `Authorization: Bearer ${secret}`,
      '-H',
      'Content-Type: application/json',
      '-d',
      JSON.stringify({ intent: BOT_INTENT }),
    ]);
    expect(started.status).toBe(200);
    const { data, message } = triggerInteractiveBotResponseSchema.parse(started.body);
    expect(message).toBe(`Interactive bot ${BOT_NAME} started ${DEMO_PASSING}`);

    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    expect((await api.waitForRun(data.statusId)).testStatus).toBe('PASSED');
    await statusPanel(page, 'Last Collection Completed')
      .getByRole('button', { name: `Report of ${DEMO_PASSING}` })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'interactive-bots-run-finished');

    // A wrong secret gets the same 401 as an unknown intent.
    const wrong = await curl([
      '-X',
      'POST',
      triggerUrl,
      '-H',
      'Authorization: Bearer not-the-secret',
      '-H',
      'Content-Type: application/json',
      '-d',
      JSON.stringify({ intent: BOT_INTENT }),
    ]);
    expect(wrong.status).toBe(401);

    // Disabled in the tab, the bot refuses, also when called with the exact command the secret dialog showed.
    // The switch's input is visually hidden; a user clicks its label (the drawn track).
    await tab
      .getByRole('switch', { name: `Enable ${BOT_NAME}` })
      .locator('xpath=ancestor::label[1]')
      .click();
    await page.getByText('Interactive Bot Saved').first().waitFor();
    const { stdout } = await run('sh', ['-c', `${shownCommand} --silent`]);
    expect(errorBodySchema.parse(JSON.parse(stdout)).message).toBe('Interactive bot is disabled');
    await screenshot(page, 'interactive-bots-tab');
  });
});
