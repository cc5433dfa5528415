import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOT = resolve(import.meta.dirname, '..');
const RULE = 'sign-in-entry-stays-light';

/** What the import rule of `npm run lint` (.dependency-cruiser.js) finds in the static graph of `baseDir`/src/main.tsx. */
async function violationsFrom(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(resolve(ROOT, '.dependency-cruiser.js'));
  const { output } = await cruise(['src/main.tsx'], { ...options, baseDir });
  const result = output as ICruiseResult;
  return result.summary.violations.filter((violation) => violation.rule.name === RULE).map((violation) => violation.to);
}

describe('the sign-in entry import rule', () => {
  it('fails an entry whose static graph reaches the dashboards feature and its date library, and lets import() and auth pass', async () => {
    const reached = await violationsFrom(resolve(ROOT, 'tests/fixtures/sign-in-entry'));
    expect(reached).toContain('src/features/dashboards/api/reports.ts');
    expect(reached.some((module) => /(^|\/)node_modules\/luxon\//.test(module))).toBe(true);
    // The route component behind import(), and the auth feature the sign-in frame needs, are not reported.
    expect(reached).toHaveLength(2);
  });

  // A cruise of the whole source tree: a few hundred modules to read, so the safety net is wider than the default.
  it('finds nothing in the real entry', { timeout: 180_000 }, async () => {
    expect(await violationsFrom(ROOT)).toEqual([]);
  });
});
