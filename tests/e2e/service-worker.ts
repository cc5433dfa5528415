import type { Page } from 'playwright-core';

/** Resolves once a service worker controls the page (the first install claims it via clientsClaim). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

export function registrationState(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { scope: registration?.scope, active: Boolean(registration?.active), waiting: Boolean(registration?.waiting) };
  });
}
