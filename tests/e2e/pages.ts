import type { BrowserContext, Locator, Page } from 'playwright-core';
import { TEST_POLL_PERIOD_KEY } from '../../src/offline/polling';
import { MESSAGES } from '../../src/shared/constants';
import { storedUserSchema, type StoredUser } from '../../src/shared/contracts/auth';
import { expect } from 'vitest';
import type { AdminCredentials } from './harness';

/** The login screen's fields by their accessible names (spec part 1 §5: E-mail, Password, Log in). */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel(/e-?mail/i),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Log in' }),
  };
}

export async function openLogin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/studio/login`);
  await loginForm(page).email.waitFor();
}

export async function submitLogin(page: Page, { email, password }: AdminCredentials): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** The header's settings dropdown exists only for a signed-in user. */
export function settingsButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Settings' });
}

/** The period tests give their pages' polls: a view catches up within a second, and 1 request a second per view is light. */
export const TEST_POLL_MS = 1_000;

/**
 * Every page the context opens from now on polls every `periodMs` instead of the spec's periods, through the app's
 * test-only seam (`pollPeriodMs` in src/offline/polling.ts: loopback pages only, never below 100 ms). A test that waits
 * for a polled view to show what the server already holds then waits one short period, not up to 15 s.
 */
export async function pollEvery(context: BrowserContext, periodMs: number): Promise<void> {
  await context.addInitScript(([key, period]) => sessionStorage.setItem(key, period), [TEST_POLL_PERIOD_KEY, String(periodMs)] as const);
}

/** Signs in from the login page and waits until the signed-in shell shows (wherever the landing is). */
export async function signIn(page: Page, baseUrl: string, credentials: AdminCredentials): Promise<void> {
  await openLogin(page, baseUrl);
  await submitLogin(page, credentials);
  await page.waitForURL((url) => !url.pathname.startsWith('/studio/login'));
  await settingsButton(page).waitFor();
}

export function welcomeHeading(page: Page) {
  return page.getByRole('heading', { name: MESSAGES.welcome });
}

/** The Studio welcome page: the app's root route. */
export async function openWelcome(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/studio/`);
  await welcomeHeading(page).waitFor();
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

export async function storedUser(page: Page): Promise<StoredUser> {
  return storedUserSchema.parse(JSON.parse((await storedItem(page, 'user')) ?? 'null'));
}

/** Waits until the header shows the signed-in user's name (first and last name, else the e-mail). */
export async function waitForHeaderUser(page: Page): Promise<void> {
  const user = await storedUser(page);
  const name = `${user.userDetails.firstName} ${user.userDetails.lastName}`.trim() || user.userId;
  await page.getByRole('banner').getByText(name).waitFor();
}

/** The Studio's collection toolbar: the collection selector with Open, Save, Run and New collection. */
export function studioToolbar(page: Page) {
  return page.getByRole('toolbar', { name: 'Collection' });
}

export async function openStudio(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/studio/automation-studio`);
  await studioToolbar(page).waitFor();
}

/** Picks `option` in the react-aria Select labelled `label` inside `scope` (its button reads "<value> <label>"). */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the Studio on the saved collection `collectionName` (chosen in the toolbar, then Open). */
export async function openCollectionInStudio(page: Page, baseUrl: string, collectionName: string): Promise<void> {
  await openStudio(page, baseUrl);
  await chooseOption(page, studioToolbar(page), 'Collection', collectionName);
  await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
}

export function statusSidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Collection status' });
}

/** How long a pressed toggle may take to show it before it is pressed again. */
const SIDEBAR_TOGGLE_RETRY_MS = 2_000;

/**
 * Opens the collection status sidebar from the header unless it is open already. The toggle says whether it is open
 * (aria-pressed), and is pressed again while it is not: under load a press can be lost to a re-render (seen with two
 * CPU burners), and a press only when it reads closed cannot close it.
 */
export async function openStatusSidebar(page: Page): Promise<Locator> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Collection status' });
  await expect
    .poll(
      async () => {
        if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
        return toggle.getAttribute('aria-pressed');
      },
      { timeout: 60_000, interval: SIDEBAR_TOGGLE_RETRY_MS },
    )
    .toBe('true');
  const sidebar = statusSidebar(page);
  await sidebar.waitFor();
  return sidebar;
}

export type StatusPanelTitle =
  | 'Last Collection Completed'
  | 'Currently Running'
  | 'Collection Import / Export'
  | 'Pending Import Collections'
  | 'Export / Download Queue'
  | 'Collection Recording'
  | 'Recording Collections';

export function statusPanel(page: Page, title: StatusPanelTitle) {
  return statusSidebar(page).getByRole('region', { name: title, exact: true });
}

/**
 * How long the Last Collection Completed panel may take to show a run that has ended. It polls every 5 s, but on a
 * loaded machine a poll can time out (15 s) and the next one then waits a backoff: a CI run once missed a 30 s window.
 */
const LAST_COMPLETED_SHOWN_MS = 90_000;

/** Opens the report of the last completed collection from the status sidebar, once that panel shows `collectionName`. */
export async function openLastCompletedReport(page: Page, collectionName: string): Promise<Locator> {
  await openStatusSidebar(page);
  const panel = statusPanel(page, 'Last Collection Completed');
  const reportButton = panel.getByRole('button', { name: `Report of ${collectionName}` });
  await reportButton.waitFor({ timeout: LAST_COMPLETED_SHOWN_MS }).catch(async (error: unknown) => {
    const shown = await panel.innerText({ timeout: 1_000 }).catch(() => '(no panel)');
    throw new Error(`Last Collection Completed never offered the report of ${collectionName}; it shows: ${JSON.stringify(shown)}`, { cause: error });
  });
  await reportButton.click();
  const report = page.getByRole('dialog', { name: 'Collection Report' });
  await report.getByRole('grid', { name: 'Flow details' }).waitFor();
  return report;
}

export async function openResourceManagement(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/studio/configuration-management`);
  const resources = page.getByRole('region', { name: 'Resource Management' });
  await resources.waitFor();
  return resources;
}

/** Opens the Control Room and waits for the Upcoming Schedules table. */
export async function openControlRoom(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/studio/control-room`);
  const schedules = page.getByRole('grid', { name: 'Upcoming Schedules' });
  await schedules.waitFor();
  return schedules;
}

/** A row of a react-aria table, found by its row header (the first column's text). */
export function tableRow(grid: Locator, name: string): Locator {
  return grid.getByRole('row').filter({ has: grid.page().getByRole('rowheader', { name, exact: true }) });
}
