import { describe, expect, it } from 'vitest';
import { useDeployableDist } from './deployable-dist';
import { chromiumMissing, screenshot } from './harness';
import { openWelcome, signIn, welcomeHeading } from './pages';
import { expectNewVersionActive, isSamePage, markPage, waitForNewVersionInControl, waitForServiceWorkerControl, waitForWaitingVersion } from './service-worker';
import { useE2E } from './setup';

const UPDATE_TEXT = 'A new version of Studio is available.';

describe.skipIf(chromiumMissing)('a new version waits until the user asks for it', () => {
  const dist = useDeployableDist();
  const e2e = useE2E(dist.serverOptions);

  it('shows the update banner, keeps the running page, and reloads into the new version on Reload', async () => {
    const { baseUrl, admin } = e2e.platform;
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(page, baseUrl, admin);
    await openWelcome(page, baseUrl);
    await waitForServiceWorkerControl(page);
    expect(await page.getByText(UPDATE_TEXT).count()).toBe(0);

    dist.deployNewVersion();
    await page.reload();
    await welcomeHeading(page).waitFor();
    const banner = await waitForWaitingVersion(page, UPDATE_TEXT);
    await screenshot(page, 'update-available');

    // Nothing swaps under the running page by itself.
    await markPage(page);
    await page.waitForTimeout(1_500);
    expect(await isSamePage(page)).toBe(true);

    await banner.getByRole('button', { name: 'Reload' }).click();
    await waitForNewVersionInControl(page);
    await welcomeHeading(page).waitFor();
    expect(await isSamePage(page)).toBe(false);
    await expectNewVersionActive(page);
    expect(await page.getByText(UPDATE_TEXT).count()).toBe(0);
    await context.close();
  });
});
