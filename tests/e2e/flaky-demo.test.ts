import { describe, expect, it } from 'vitest';
import { flakyPageAnswers, flakyPagePath } from '../../src/server/demo/flakyPage';
import { passedOnRetryText } from '../../src/shared/contracts/flakiness';
import type { RunDetails } from '../../src/shared/contracts/runs';
import { REPORT_LINK_PARAM } from '../../src/shared/report-link';
import { attemptLabel } from '../../src/shared/run-attempts';
import { browserCollection, PlatformApi, waitForGatewayAgentZip } from './api';
import { chromiumMissing, screenshot } from './harness';
import { openCollectionInStudio, tableRow } from './pages';
import { useE2E, useSignedInPages } from './setup';

const COLLECTION = 'Flaky demo page';
const FLOW = 'page-ready';
const RETRIES = 2;
const RUNS_BEFORE_QUARANTINE = 10;
const REASON = 'The demo page fails half of its requests on purpose';
/**
 * Chosen for its sequence (flakyPageAnswers): of the first 10 runs, the first passes on retry 1, two pass on retry 2 and
 * one fails all 3 attempts; the 11th fails all 3 again. The test derives every run's outcome from the seed below.
 */
const SEED = 138;

interface FlowOutcome {
  result: 'PASSED' | 'FAILED';
  /** The attempt the flow ended on: the one it passed on, or its last when every attempt failed. */
  attempt: number;
}

/** Each run's outcome for the flow, from the page's seeded answers: one request per attempt, up to 1 + RETRIES. */
function expectedOutcomes(runs: number): FlowOutcome[] {
  const isReady = flakyPageAnswers(SEED);
  return Array.from({ length: runs }, () => {
    for (let attempt = 1; attempt <= RETRIES + 1; attempt += 1) if (isReady()) return { result: 'PASSED', attempt };
    return { result: 'FAILED', attempt: RETRIES + 1 };
  });
}

function outcomeOf(run: RunDetails): FlowOutcome & { runStatus: string } {
  const flow = run.testCaseDetails.find((detail) => detail.testCaseId === FLOW);
  if (!flow) throw new Error(`Run ${run.statusId} has no result for ${FLOW}: ${JSON.stringify(run.logsList)}`);
  return { runStatus: run.testStatus, result: flow.testCaseResult === 'PASSED' ? 'PASSED' : 'FAILED', attempt: flow.attempt ?? 1 };
}

/** The Retried flows line of a flow that ended on `outcome` (all its attempts before the last failed). */
function retriedLine({ result, attempt }: FlowOutcome): string {
  const attempts = Array.from({ length: attempt }, (_, index) => attemptLabel({ attempt: index + 1, result: index + 1 === attempt ? result : 'FAILED' }));
  const ending = result === 'PASSED' ? passedOnRetryText(attempt - 1) : `Failed after ${attempt - 1} retries`;
  return `${FLOW}: ${ending} (${attempts.join(', ')})`;
}

/**
 * Issue 29, measured: a collection with Retries 2 checks the demo app's page that fails at random (seeded) and runs 10
 * times through the real queue on one browser resource; the report marks "passed on retry", the Operations Centre's
 * Flaky Flows tab lists the flow, and once a manager quarantines it in the Studio, a run in which it fails every attempt
 * ends PASSED with the failure listed apart in its report.
 */
describe.skipIf(chromiumMissing)('a flaky demo page with retries, the Flaky Flows view and quarantine, in real Chromium', { timeout: 300_000 }, () => {
  const e2e = useE2E(() => ({ env: { BROWSER_POOL_SIZE: '1' } }));
  const signedInPage = useSignedInPages(e2e, { viewport: { width: 1440, height: 900 } });

  it('marks passes on a retry, lists the flow as flaky, and keeps runs PASSED once it is quarantined', async () => {
    const expected = expectedOutcomes(RUNS_BEFORE_QUARANTINE + 1);
    const beforeQuarantine = expected.slice(0, RUNS_BEFORE_QUARANTINE);
    const firstRetryPass = beforeQuarantine.findIndex((outcome) => outcome.result === 'PASSED' && outcome.attempt > 1);
    const failedRuns = beforeQuarantine.filter((outcome) => outcome.result === 'FAILED').length;
    // What the test needs of the seed: a pass on a retry and a failure before the quarantine, a failure after it.
    expect({ firstRetryPass, failedRuns, afterQuarantine: expected[RUNS_BEFORE_QUARANTINE] }).toEqual({
      firstRetryPass: 0,
      failedRuns: 1,
      afterQuarantine: { result: 'FAILED', attempt: RETRIES + 1 },
    });

    await waitForGatewayAgentZip(e2e.platform);
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const collectionId = await api.saveCollection({
      ...browserCollection(COLLECTION, [
        {
          testCaseId: FLOW,
          steps: [
            { stepId: 'open-flaky-page', action: 'open', value: `${e2e.platform.baseUrl}${flakyPagePath(SEED)}` },
            { stepId: 'page-is-ready', action: 'assertText', target: 'h1', value: 'Ready' },
          ],
        },
      ]),
      retries: RETRIES,
    });
    // One run at a time, so the runs take the page's answers in the order they were triggered.
    const runs: RunDetails[] = [];
    for (const outcome of beforeQuarantine) {
      const run = await api.waitForRun(await api.trigger(collectionId));
      expect(outcomeOf(run), `run ${runs.length + 1}: ${JSON.stringify(run.logsList)}`).toEqual({ runStatus: outcome.result, ...outcome });
      runs.push(run);
    }

    const page = await signedInPage();
    const reportOf = async (run: RunDetails) => {
      await page.goto(`${e2e.platform.baseUrl}/studio/?${REPORT_LINK_PARAM}=${encodeURIComponent(run.statusId)}`);
      return page.getByRole('dialog', { name: 'Collection Report' });
    };
    const retriedReport = await reportOf(runs[firstRetryPass] as RunDetails);
    const retried = retriedReport.getByRole('region', { name: 'Retried flows' });
    await expect.poll(() => retried.textContent()).toBe(`Retried flows${retriedLine(beforeQuarantine[firstRetryPass] as FlowOutcome)}`);
    await retriedReport.getByRole('grid', { name: 'Flow details' }).getByRole('button', { name: /^Image 1:/ }).waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'flaky-demo-report-1440');

    await page.goto(`${e2e.platform.baseUrl}/studio/operations-center`);
    await page.getByRole('tab', { name: 'Flaky Flows' }).click();
    const flakyFlows = page.getByRole('grid', { name: 'Flaky flows' });
    const row = tableRow(flakyFlows, COLLECTION);
    await row.waitFor();
    const cells = await row.locator('[role="rowheader"], [role="gridcell"]').allTextContents();
    expect({ flow: cells[1], failures: cells[3], runs: cells[4] }).toEqual({ flow: FLOW, failures: String(failedRuns), runs: String(RUNS_BEFORE_QUARANTINE) });
    const marks = row.getByRole('group', { name: `History of ${FLOW}` }).getByRole('link');
    expect(await marks.evaluateAll((links) => links.map((link) => link.textContent).join(''))).toBe(
      beforeQuarantine.map((outcome) => (outcome.result === 'PASSED' ? 'P' : 'F')).join(''),
    );
    expect(await marks.nth(firstRetryPass).getAttribute('aria-label')).toMatch(new RegExp(`^${passedOnRetryText(1)}, .*, run ${runs[firstRetryPass]?.statusId}$`));
    await page.getByRole('tabpanel').getByText('1 total').waitFor();
    await screenshot(page, 'flaky-demo-flaky-flows-1440');

    // A manager quarantines the flow in the Studio, as in quarantine.test.ts.
    await openCollectionInStudio(page, e2e.platform.baseUrl, COLLECTION);
    const flow = page.getByRole('listitem', { name: FLOW, exact: true });
    await flow.getByRole('button', { name: `Quarantine ${FLOW}` }).click();
    const dialog = page.getByRole('dialog', { name: `Quarantine ${FLOW}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Quarantine' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await flow.getByText('In quarantine').waitFor();

    const quarantined = await api.waitForRun(await api.trigger(collectionId));
    expect(outcomeOf(quarantined), JSON.stringify(quarantined.logsList)).toEqual({ runStatus: 'PASSED', ...expected[RUNS_BEFORE_QUARANTINE] });
    expect(quarantined.quarantinedFailures).toEqual([expect.objectContaining({ flowId: FLOW, flowName: FLOW, reason: REASON })]);

    const quarantinedReport = await reportOf(quarantined);
    const block = quarantinedReport.getByRole('region', { name: 'Quarantined failures' });
    await expect.poll(() => block.getByRole('listitem').textContent()).toMatch(new RegExp(`^${FLOW}: ${REASON} \\(quarantined by `));
    expect(await quarantinedReport.getByRole('region', { name: 'Retried flows' }).textContent()).toBe(
      `Retried flows${retriedLine(expected[RUNS_BEFORE_QUARANTINE] as FlowOutcome)}`,
    );
    await page.mouse.move(0, 0);
    await screenshot(page, 'flaky-demo-quarantined-report-1440');
  });
});
