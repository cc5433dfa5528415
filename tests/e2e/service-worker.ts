import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { poll } from './api';

/**
 * Resolves once a service worker controls the page. The first install claims open pages (clientsClaim), but a page that
 * navigated while the worker was installing may stay uncontrolled until its next load, as a user's next visit would be;
 * so once the worker is active, an uncontrolled page is reloaded once. An install that fails never becomes active and
 * fails here with the registration's state.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    // The first install precaches the whole shell; on a loaded two-core CI machine that can take a while.
    await page.evaluate(
      (timeoutMs) =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => undefined),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the worker did not become active')), timeoutMs)),
        ]),
      60_000,
    );
    if (!(await controlled())) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`No service worker controls the page: ${JSON.stringify(await registrationState(page))}`, { cause: error });
  }
}

export function registrationState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      scope: registration?.scope,
      installing: Boolean(registration?.installing),
      active: Boolean(registration?.active),
      waiting: Boolean(registration?.waiting),
    };
  });
}

/** Waits for the banner (`text`) saying a new version waits, checks that its worker is waiting, and returns the banner. */
export async function waitForWaitingVersion(page: Page, text: string): Promise<Locator> {
  const banner = page.getByRole('status').filter({ hasText: text });
  await banner.waitFor({ timeout: 30_000 });
  expect((await registrationState(page)).waiting).toBe(true);
  return banner;
}

/** Marks the running page, so that isSamePage tells whether it is still this load (nothing swapped or reloaded it). */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { studioMarker: true }));
}

/** Whether the page marked by markPage is still the one running. */
export function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => 'studioMarker' in window);
}

/**
 * Waits until a reload has replaced the page marked by markPage and the new version controls it, through one reload or
 * two (Reload's fallback reload when Chromium defers the activation, then the reload on taking control).
 */
export async function waitForNewVersionInControl(page: Page): Promise<void> {
  const state = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const controller = navigator.serviceWorker.controller;
      return {
        reloaded: !('studioMarker' in window),
        loaded: document.readyState === 'complete',
        waiting: Boolean(registration?.waiting),
        controlledByActive: controller !== null && controller === registration?.active,
      };
    });
  // A reload in progress destroys the page's context under an evaluate: that is a state to read again, not a failure.
  await poll(
    () => state().catch((error: unknown) => String(error)),
    (current) => typeof current === 'object' && current.reloaded && current.loaded && !current.waiting && current.controlledByActive,
    60_000,
    (current) => `the new version does not control a reloaded page: ${JSON.stringify(current)}`,
  );
}

/** Checks that the new version's worker is the active one and nothing waits any more. */
export async function expectNewVersionActive(page: Page): Promise<void> {
  expect(await registrationState(page)).toMatchObject({ active: true, waiting: false });
}
