import type { Page } from 'playwright-core';
import { MESSAGES } from '../../src/shared/constants';
import { storedUserSchema, type StoredUser } from '../../src/shared/contracts/auth';
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
