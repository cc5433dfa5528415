import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { endpoints, REFRESH_TOKEN_HEADER } from '../../src/shared/endpoints';
import { LOGOUT_REDIRECT_DELAY_MS, MESSAGES } from '../../src/shared/constants';
import { chromiumMissing, screenshot, WITHOUT_BROWSER_POOL } from './harness';
import {
  loginForm,
  openLogin,
  openWelcome,
  settingsButton,
  signIn,
  storedItem,
  storedUser,
  submitLogin,
  waitForHeaderUser,
  welcomeHeading,
} from './pages';
import { useE2E } from './setup';

describe.skipIf(chromiumMissing)('signing in and out in Chromium against the real server', () => {
  const e2e = useE2E(() => ({ env: WITHOUT_BROWSER_POOL }));
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    // These tests are about the session, not caching: each starts from an empty, worker-free browser.
    context = await e2e.browser.newContext({ serviceWorkers: 'block' });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('signs the printed administrator in on a fresh data folder and reaches the welcome page', async () => {
    const { baseUrl, admin } = e2e.platform;
    await openLogin(page, baseUrl);
    await screenshot(page, 'login');
    expect(await loginForm(page).submit.isDisabled()).toBe(true);

    await submitLogin(page, admin);
    // A user with the STUDIO permission lands on the Studio home.
    await welcomeHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/studio\/?$/);

    expect((await storedUser(page)).userId).toBe(admin.email.toLowerCase());
    await waitForHeaderUser(page);
    await screenshot(page, 'welcome');
  });

  it("shows the red banner \"Sorry, we can't find this account.\" for a wrong password", async () => {
    const { baseUrl, admin } = e2e.platform;
    await openLogin(page, baseUrl);
    await submitLogin(page, { email: admin.email, password: `${admin.password}-wrong` });

    const banner = page.getByRole('alert').filter({ hasText: MESSAGES.accountNotFound });
    await banner.waitFor();
    const colour = await banner.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.color, style.backgroundColor, style.borderColor].join(' ');
    });
    const reddish = [...colour.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)].some(([, r, g, b]) => Number(r) > 120 && Number(r) > 1.5 * Number(g) && Number(r) > 1.5 * Number(b));
    expect(reddish, `banner colours: ${colour}`).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/studio/login');
    expect(await storedItem(page, 'token')).toBeNull();
    await screenshot(page, 'login-wrong-password');
  });

  it('logs out through the toast, revokes the session and reaches the login page after 3 seconds', async () => {
    const { baseUrl, admin } = e2e.platform;
    await signIn(page, baseUrl, admin);
    const refreshToken = await storedItem(page, 'refreshToken');
    expect(refreshToken).toBeTruthy();

    await settingsButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText(MESSAGES.loggedOut).waitFor();
    const toastShownAt = Date.now();
    await screenshot(page, 'logout-toast');

    await page.waitForURL(`${baseUrl}/studio/login`, { timeout: LOGOUT_REDIRECT_DELAY_MS * 3 });
    expect(Date.now() - toastShownAt).toBeGreaterThanOrEqual(LOGOUT_REDIRECT_DELAY_MS - 500);
    await loginForm(page).email.waitFor();
    expect(await storedItem(page, 'token')).toBeNull();

    const refresh = await fetch(`${baseUrl}${endpoints.auth.refreshToken}`, { headers: { Authorization: `Bearer ${refreshToken}` } });
    expect(refresh.status).toBe(401);
    expect(refresh.headers.get(REFRESH_TOKEN_HEADER)).toBeNull();
  });

  it('keeps the user signed in across a server restart on the same data folder', async () => {
    const { baseUrl, admin } = e2e.platform;
    await signIn(page, baseUrl, admin);
    await e2e.platform.restart();
    expect(e2e.platform.output()).toContain('Administrator: existing account kept');

    await openWelcome(page, baseUrl);
    await settingsButton(page).waitFor();
    const token = await storedItem(page, 'token');
    const health = await fetch(`${baseUrl}${endpoints.health.status}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(health.status).toBe(200);
  });
});
