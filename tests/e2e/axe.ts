/**
 * axe-core in the page under test: every rule axe runs by default (WCAG 2.0 and 2.1 A and AA plus its best practices),
 * none disabled, and WCAG 2.2's target-size (2.5.8, AA), which axe leaves off by default. The page's context must be
 * opened with `bypassCSP: true`: axe goes in as a script tag, which the app's Content-Security-Policy (script-src
 * 'self') refuses otherwise.
 */
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { ROOT_DIR } from './harness';

const AXE_SCRIPT = join(ROOT_DIR, 'node_modules', 'axe-core', 'axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's violations on the page as it is now, each as its rule, impact and the elements it names. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // In every frame too: axe then checks the embedded pages (Parser Config Builder, Static Dashboard) with the page.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.addScriptTag({ path: AXE_SCRIPT });
  }
  // resultTypes only trims the details axe gathers for passes and incomplete checks; every rule still runs.
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (options: RunOptions) => Promise<AxeResults> } }).axe.run({
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    }),
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** One line per violation: where, which rule, how serious, and the elements it names. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  return violations.map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.help}\n    ${violation.targets.join('\n    ')}`).join('\n');
}
