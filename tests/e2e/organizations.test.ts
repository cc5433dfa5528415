import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LICENSE_MESSAGES, organizationListResponseSchema } from '../../src/shared/contracts/organizations';
import { PASSWORD_MESSAGES, USER_CREATE_MESSAGES } from '../../src/shared/contracts/users';
import { endpoints } from '../../src/shared/endpoints';
import { browserCollection, PlatformApi } from './api';
import { chromiumMissing, screenshot } from './harness';
import { openLogin, submitLogin } from './pages';
import { useE2E, useSignedInPages } from './setup';

const ORGANIZATION = 'Field Lab';
const FIRST_PASSWORD = 'set-by-the-admin-7431';
const OWN_PASSWORD = 'tester-chose-this-9925';
const tester = { email: 'tester@field-lab.test', password: FIRST_PASSWORD };

/** Fills the user creation form and submits it; answers what the page said. */
async function createUser(page: Page, { first, email, permission }: { first: string; email: string; permission: string }) {
  const form = page.getByRole('form', { name: 'Create user' });
  await form.getByRole('textbox', { name: 'First Name' }).fill(first);
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Tester');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
  // react-aria hides the input itself under its drawn box: a person clicks the label.
  await form.getByText(permission, { exact: true }).click();
  await expect.poll(() => form.getByRole('checkbox', { name: permission }).isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Submit' }).click();
}

describe.skipIf(chromiumMissing)('organizations, licences and users in real Chromium against the real server', { timeout: 300_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '2' } }));
  const signedInPage = useSignedInPages(e2e);

  it('creates an organization on a 2-user, 1-parallel licence whose user sees only the Studio and runs one at a time', async () => {
    const admin = await signedInPage();
    const { baseUrl } = e2e.platform;

    // The platform administrator makes the licence and the organization in the UI.
    await admin.goto(`${baseUrl}/studio/organizations/new?type=RTA`);
    await admin.getByRole('button', { name: 'New license' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New license' });
    await dialog.getByRole('textbox', { name: 'License name' }).fill('Field Lab 2 users');
    await dialog.getByRole('textbox', { name: /^Users/ }).fill('2');
    await dialog.getByRole('textbox', { name: /^Duration/ }).fill('365');
    await dialog.getByRole('textbox', { name: /^Parallels/ }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('textbox', { name: 'Organization name' }).fill(ORGANIZATION);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/studio\/organizations\/?$/);
    await admin.getByText(ORGANIZATION).first().waitFor();
    await screenshot(admin, 'organizations-list');

    const adminApi = await PlatformApi.signIn(baseUrl, e2e.platform.admin);
    const organizations = organizationListResponseSchema.parse(await (await adminApi.call(endpoints.organizations.list)).json()).data;
    const organization = organizations.find((tile) => tile.name === ORGANIZATION);
    expect(organization?.license).toBe('Field Lab 2 users');

    // Two users fill the licence; a third is refused with its message.
    await admin.goto(`${baseUrl}/studio/user-creation?orgId=${encodeURIComponent(organization?.id ?? '')}`);
    await expect.poll(() => admin.getByRole('button', { name: /Organization/ }).textContent()).toContain(ORGANIZATION);
    await createUser(admin, { first: 'Studio', email: tester.email, permission: 'Studio' });
    await admin.getByText(USER_CREATE_MESSAGES.created).first().waitFor();
    await createUser(admin, { first: 'Second', email: 'second@field-lab.test', permission: 'Control room' });
    await expect.poll(() => admin.getByText(USER_CREATE_MESSAGES.created).count()).toBeGreaterThan(0);
    await admin.getByRole('row').filter({ hasText: 'second@field-lab.test' }).waitFor();
    await createUser(admin, { first: 'Third', email: 'third@field-lab.test', permission: 'Studio' });
    await admin.getByText(LICENSE_MESSAGES.usersFull(2)).first().waitFor();
    await screenshot(admin, 'user-creation-licence-full');

    // The tester signs in with the password the administrator set, and must choose their own first.
    const context = await e2e.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1600, height: 1000 } });
    try {
      const page = await context.newPage();
      await openLogin(page, baseUrl);
      await submitLogin(page, tester);
      await page.waitForURL(/\/studio\/userLanding/);
      await page.getByLabel('Current password', { exact: true }).fill(FIRST_PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
      await page.getByLabel('Repeat new password', { exact: true }).fill(OWN_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText(PASSWORD_MESSAGES.changed).first().waitFor();
      await page.waitForURL((url) => !url.pathname.includes('userLanding'));

      // Only the Studio is in the menu of a user holding only STUDIO.
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: /Studio/ }).first().waitFor();
      const entries = (await menu.getByRole('link').allTextContents()).map((text) => text.trim()).filter(Boolean);
      expect(entries.every((entry) => /Studio/.test(entry)), entries.join(', ')).toBe(true);
      await screenshot(page, 'studio-only-user');
    } finally {
      await context.close();
    }

    // Two runs of the tester's: the licence's one parallel runs them one after the other.
    const testerApi = await PlatformApi.signIn(baseUrl, { email: tester.email, password: OWN_PASSWORD });
    const collectionId = await testerApi.saveCollection(
      browserCollection('Field check', [
        {
          testCaseId: 'open',
          steps: [
            { stepId: 'open', action: 'open', value: `${baseUrl}${endpoints.demoApp}` },
            { stepId: 'heading', action: 'waitFor', target: 'h1' },
          ],
        },
      ]),
    );
    const [first, second] = [await testerApi.trigger(collectionId), await testerApi.trigger(collectionId)];
    const [one, two] = [await testerApi.waitForRun(first), await testerApi.waitForRun(second)];
    expect([one.testStatus, two.testStatus]).toEqual(['PASSED', 'PASSED']);
    // Two browser resources were free, yet the second run started only once the first had finished.
    const [earlier, later] = [one, two].sort((a, b) => Date.parse(a.timeStarted ?? '') - Date.parse(b.timeStarted ?? ''));
    expect(Date.parse(later?.timeStarted ?? '')).toBeGreaterThanOrEqual(Date.parse(earlier?.timeCompleted ?? ''));
  });
});
