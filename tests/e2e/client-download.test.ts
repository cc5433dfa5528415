import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENTS_MESSAGES } from '../../src/shared/contracts/clients';
import { endpoints } from '../../src/shared/endpoints';
import { ANDROID_TEXT } from '../../src/features/clients/components/AndroidClientCard';
import { DESKTOP_TEXT } from '../../src/features/clients/components/DesktopClientCard';
import { IOS_TEXT } from '../../src/features/clients/components/IosClientCard';
import { IOS_READY_BANNER } from '../../src/features/clients/pages/ClientDownloadPage';
import { STF_TEXT } from '../../src/features/device-control/components/StfSetupGuide';
import { PARSER_CONFIG_PAGE } from '../../src/server/clients/embeddedPages';
import { PlatformApi } from './api';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { useE2E, useSignedInPages } from './setup';

const DEVICE_CONTROL_PORT = 7100;

/** Whether anything on this machine accepts connections on the port. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Console errors and uncaught exceptions of the page from now on. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe.skipIf(chromiumMissing)('client download and device control in real Chromium against the real server', { timeout: 180_000 }, () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  // Service workers blocked, as the shared default: the app must still load without an uncaught error (its
  // registration failed with one on every load before src/lib/pwa.ts caught it).
  const signedInPage = useSignedInPages(e2e);

  it('downloads the desktop agent zip, offers iOS Generate and the ready banner, and says plainly there is no Android client', async () => {
    const page = await signedInPage();
    const { baseUrl } = e2e.platform;
    // The server builds the agent zip shortly after it starts: the page is opened once getClientUrl has it.
    const api = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const desktopBuilt = () =>
      api.call(endpoints.clients.getClientUrl, { method: 'POST', body: JSON.stringify({ clientType: 'DESKTOP' }) }).then(
        () => true,
        () => false,
      );
    await expect.poll(desktopBuilt, { timeout: 60_000, interval: 500 }).toBe(true);

    await page.goto(`${baseUrl}/studio/client-download`);
    const desktop = page.getByRole('region', { name: DESKTOP_TEXT.heading });
    await desktop.getByText(CLIENTS_MESSAGES.exeNotOffered).waitFor();
    const ios = page.getByRole('region', { name: IOS_TEXT.heading });
    await ios.getByText(IOS_TEXT.neverGenerated).waitFor();
    expect(await ios.getByRole('link', { name: IOS_TEXT.generate }).getAttribute('href')).toBe('/studio/ios-builder');
    expect(await page.getByRole('region', { name: ANDROID_TEXT.heading }).getByRole('button').count()).toBe(0);
    await screenshot(page, 'client-download');

    const [download] = await Promise.all([page.waitForEvent('download'), desktop.getByRole('button', { name: /^Download zip/ }).click()]);
    expect(download.suggestedFilename()).toBe('gateway-agent.zip');
    const bytes = await readFile(await download.path());
    // A zip starts with a local file header, PK\x03\x04.
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await desktop.getByRole('button', { name: /^Download zip/ }).waitFor();

    await page.goto(`${baseUrl}/studio/client-download?iOS-regenerate=finished`);
    await page.getByRole('status').filter({ hasText: IOS_READY_BANNER }).waitFor();
    await screenshot(page, 'client-download-ios-banner');
  });

  it('opens device control with nothing on port 7100 and explains STF without a console error; the parser config frame is never blank', async () => {
    expect(await portAnswers(DEVICE_CONTROL_PORT), 'something listens on port 7100 of this machine').toBe(false);
    const page = await signedInPage();
    const { baseUrl } = e2e.platform;
    const errors = watchConsole(page);
    const toDeviceControlPort: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).port === String(DEVICE_CONTROL_PORT)) toDeviceControlPort.push(request.url());
    });
    await page.goto(`${baseUrl}/studio/device-control`);
    await page.getByRole('heading', { name: STF_TEXT.heading }).waitFor();
    await page.getByText(/docker run -d --name stf/).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: STF_TEXT.retry }).click();
    await page.getByRole('heading', { name: STF_TEXT.heading }).waitFor();
    await screenshot(page, 'device-control-no-stf');
    expect(errors).toEqual([]);
    expect(toDeviceControlPort).toEqual([]);

    await page.goto(`${baseUrl}/studio/parser-config-builder`);
    const frame = page.frameLocator('iframe[title="Parser Config Builder"]');
    await frame.getByRole('heading', { name: PARSER_CONFIG_PAGE.title }).waitFor();
    await screenshot(page, 'parser-config-builder');
    expect(errors).toEqual([]);
  });
});
