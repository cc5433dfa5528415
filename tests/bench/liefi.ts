/**
 * Lie-fi recovery (issue 11): real Chromium reaches the real server through a link that drops every byte without a
 * word (tests/e2e/network-link.ts, dropSilently), so navigator.onLine stays true. Each round renames an image filter
 * while the link is down, waits until the page has kept it ("1 change waiting"), holds the link down a little longer
 * (0 to 3 s, so the page's probing is caught at every phase), restores the link, and times how long the page takes to
 * send it: until the header's count, which reads the outbox, is gone. Prints `liefi-recover-ms`, the median over the
 * rounds. Run alone with `node --import tsx tests/bench/liefi.ts` (needs dist/ and Chromium).
 */
import { pathToFileURL } from 'node:url';
import { addFilter, openImageFilters, renameFilter, waitingCount } from '../e2e/edited-screens';
import { launchBrowser, startPlatform } from '../e2e/harness';
import { openNetworkLink } from '../e2e/network-link';
import { signIn } from '../e2e/pages';
import { waitForServiceWorkerControl } from '../e2e/service-worker';
import { median, printFigure } from './figures';

/** Issue 11: the median time from the link coming back to an empty outbox. */
export const LIEFI_RECOVER_BUDGET_MS = 5_000;
const ROUNDS = 9;
const EXTRA_DOWN_MS = 3_000;

export async function runLiefiBench(): Promise<{ medianMs: number }> {
  const platform = await startPlatform();
  const { hostname, port } = new URL(platform.baseUrl);
  const link = await openNetworkLink({ host: hostname, port: Number(port) });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, link.origin, platform.admin);
    await waitForServiceWorkerControl(page);
    const table = await openImageFilters(page, link.origin);
    const id = await addFilter(page, table, 'Lie-fi bench');
    const pending = page.getByRole('banner').getByRole('status', { name: /changes? waiting/ });
    await pending.waitFor({ state: 'detached' });

    const recoveries: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      link.dropSilently();
      await renameFilter(table, id, `Lie-fi bench ${round}`);
      await waitingCount(page, 1).waitFor();
      await page.waitForTimeout(((round - 1) / (ROUNDS - 1)) * EXTRA_DOWN_MS);
      const restoredAt = performance.now();
      link.restore();
      await pending.waitFor({ state: 'detached', timeout: 60_000 });
      recoveries.push(performance.now() - restoredAt);
    }
    const medianMs = median(recoveries);
    printFigure('liefi-recover-ms', Math.round(medianMs), `ms (median of ${ROUNDS} silent drops; ${recoveries.map((ms) => Math.round(ms)).join(', ')})`);
    return { medianMs };
  } finally {
    await browser.close();
    await link.close();
    await platform.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runLiefiBench();
}
