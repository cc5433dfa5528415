import type { Page } from 'playwright-core';

/** Resolves once a service worker controls the page (the first install claims it via clientsClaim). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // The first install precaches the whole shell; on a loaded two-core CI machine that can take a while.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

export function registrationState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { scope: registration?.scope, active: Boolean(registration?.active), waiting: Boolean(registration?.waiting) };
  });
}
