import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_ENTRIES } from '../../src/server/ios-builder/bundle';
import { iosTestMaterial, TEST_TEAM_ID, type IosTestMaterial } from '../../src/server/testing/iosMaterial';
import { IOS_BUILDER_MESSAGES } from '../../src/shared/contracts/ios-builder';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import { useE2E, useSignedInPages } from './setup';

const FOLDER = 'com.acme.StudioXCTInjector';
/** A build is checked in well under a second; the page sees it on its next 5 s poll. */
const BUILD_SEEN_MS = 20_000;

async function chooseFile(page: Page, label: string, name: string, bytes: Uint8Array): Promise<void> {
  await page.getByRole('group', { name: label }).locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  await page.getByRole('group', { name: label }).getByText(name).waitFor();
}

describe.skipIf(chromiumMissing)('iOS gateway client builder in Chromium against the real server', { timeout: 180_000 }, () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  const signedInPage = useSignedInPages(e2e, { acceptDownloads: true });
  let material: IosTestMaterial;
  beforeAll(() => {
    material = iosTestMaterial('e2e-p12-password');
  });

  it('refuses a wrong password and a mismatched profile, builds from valid material and downloads the archive', async () => {
    const page = await signedInPage();
    await page.goto(`${e2e.platform.baseUrl}/studio/ios-builder`);
    await page.getByText('the last step, sign.sh, runs there').waitFor();

    // The form's own rule first: nothing chosen.
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('alert').getByText(IOS_BUILDER_MESSAGES.allRequired).waitFor();

    await chooseFile(page, 'Provision Profile', 'Studio.mobileprovision', material.profile);
    await chooseFile(page, 'Signing Certificate', 'identity.p12', material.p12);
    await page.getByLabel('Certificate Password').fill('not-the-password');
    await page.getByRole('textbox', { name: 'Bundle Id' }).fill('acme');
    await page.getByText(FOLDER, { exact: true }).waitFor();
    await screenshot(page, 'ios-builder-form');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('alert').getByText(IOS_BUILDER_MESSAGES.wrongPassword).waitFor({ timeout: BUILD_SEEN_MS });
    await screenshot(page, 'ios-builder-wrong-password');

    // The form kept what was chosen: only the profile changes, to one that does not list the certificate.
    await chooseFile(page, 'Provision Profile', 'Other.mobileprovision', material.otherProfile);
    await page.getByLabel('Certificate Password').fill(material.password);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('alert').getByText(IOS_BUILDER_MESSAGES.certificateMismatch).waitFor({ timeout: BUILD_SEEN_MS });

    await chooseFile(page, 'Provision Profile', 'Studio.mobileprovision', material.profile);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('progressbar', { name: IOS_BUILDER_MESSAGES.generating }).waitFor();
    await screenshot(page, 'ios-builder-generating');
    await page.waitForURL(/\/studio\/client-download\?iOS-regenerate=finished$/, { timeout: BUILD_SEEN_MS });

    await page.goto(`${e2e.platform.baseUrl}/studio/ios-builder`);
    await page.getByText(`${FOLDER}.zip`).waitFor();
    await screenshot(page, 'ios-builder-finished');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download iOS Gateway Client' }).click()]);
    expect(download.suggestedFilename()).toBe(`${FOLDER}.zip`);
    const path = await download.path();
    const entries = unzipSync(new Uint8Array(await readFile(path)));
    expect(entries[`${FOLDER}/${BUNDLE_ENTRIES.profile}`]).toEqual(material.profile);
    expect(entries[`${FOLDER}/${BUNDLE_ENTRIES.certificate}`]).toEqual(material.identity.der);
    const config = JSON.parse(strFromU8(entries[`${FOLDER}/${BUNDLE_ENTRIES.config}`] ?? new Uint8Array())) as Record<string, unknown>;
    expect(config).toMatchObject({ bundleId: FOLDER, teamId: TEST_TEAM_ID, platformUrl: e2e.platform.baseUrl });
    expect(strFromU8(entries[`${FOLDER}/${BUNDLE_ENTRIES.script}`] ?? new Uint8Array())).toContain('xcodebuild build-for-testing');
  });
});
