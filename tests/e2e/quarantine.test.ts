import { describe, expect, it } from 'vitest';
import { DEMO_FAILING_COLLECTION } from '../../src/shared/demo-collections';
import { REPORT_LINK_PARAM } from '../../src/shared/report-link';
import { PlatformApi } from './api';
import { axeViolations } from './axe';
import { chromiumMissing, screenshot } from './harness';
import { chooseOption, openStudio, studioToolbar } from './pages';
import { useE2E, useSignedInPages } from './setup';

const REASON = 'The demo assertion is wrong on purpose';

describe.skipIf(chromiumMissing)('flow quarantine in real Chromium (issue 29)', { timeout: 240_000 }, () => {
  const e2e = useE2E();
  const signedInPage = useSignedInPages(e2e, { viewport: { width: 1440, height: 900 }, bypassCSP: true });

  it('a manager quarantines the failing demo flow in the Studio; its next run ends PASSED and the report lists the failure apart', async () => {
    const api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    const collectionId = await api.collectionIdByName(DEMO_FAILING_COLLECTION);
    const before = await api.waitForRun(await api.trigger(collectionId));
    expect(before.testStatus).toBe('FAILED');
    const failedFlow = before.testCaseDetails.find((flow) => flow.testCaseResult === 'FAILED');
    if (!failedFlow) throw new Error('The demo collection did not fail a flow');

    const page = await signedInPage();
    await openStudio(page, e2e.platform.baseUrl);
    await chooseOption(page, studioToolbar(page), 'Collection', DEMO_FAILING_COLLECTION);
    await studioToolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
    const flow = page.getByRole('listitem', { name: failedFlow.testCaseName, exact: true });
    const quarantine = flow.getByRole('button', { name: `Quarantine ${failedFlow.testCaseName}` });
    // By keyboard: focus the action, open the modal with Enter, Tab to the reason, type, submit.
    await quarantine.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Quarantine ${failedFlow.testCaseName}` });
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(REASON);
    expect(await dialog.getByRole('textbox', { name: 'Reason' }).inputValue()).toBe(REASON);
    await screenshot(page, 'quarantine-modal-1440');
    await dialog.getByRole('button', { name: 'Quarantine' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await flow.getByText('In quarantine').waitFor();
    await flow.getByRole('button', { name: `Release ${failedFlow.testCaseName} from quarantine` }).waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'quarantine-studio-mark-1440');
    expect(await axeViolations(page)).toEqual([]);

    const after = await api.waitForRun(await api.trigger(collectionId));
    expect(after.testStatus).toBe('PASSED');
    expect(after.quarantinedFailures).toEqual([expect.objectContaining({ flowId: failedFlow.testCaseId, reason: REASON })]);
    expect(after.testCaseDetails.find((row) => row.testCaseId === failedFlow.testCaseId)?.testCaseResult).toBe('FAILED');

    await page.goto(`${e2e.platform.baseUrl}/studio/?${REPORT_LINK_PARAM}=${encodeURIComponent(after.statusId)}`);
    const block = page.getByRole('region', { name: 'Quarantined failures' });
    await block.waitFor();
    expect(await block.textContent()).toContain(REASON);
    await page.mouse.move(0, 0);
    await screenshot(page, 'quarantine-report-1440');
  });
});
