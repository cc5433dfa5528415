import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { makeRunDetails, retriedFlowDetail } from '../../../../tests/msw/runs-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { openReportModal } from '../../../../tests/support/report-modal';
import { captureSavedBlobs } from '../../../../tests/support/saved-blobs';
import type { RunDetails } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { waitUntil } from '../../../../tests/support/wait';

const openReport = (testCaseDetails: RunDetails['testCaseDetails']) =>
  openReportModal({ testSuiteName: 'Retried collection', testStatus: 'PASSED', testCaseDetails });

const signIn = makeRunDetails().testCaseDetails[0];

beforeEach(() => clearAppOfflineDb());
afterEach(() => vi.restoreAllMocks());

describe('CollectionReportModal with retried flows (issue 29)', () => {
  it('shows every attempt of a retried flow with its steps and screenshots, and marks it passed on retry 1', async () => {
    openReport([...(signIn ? [signIn] : []), retriedFlowDetail()]);
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });

    const retried = await within(dialog).findByRole('region', { name: 'Retried flows' });
    expect(retried).toHaveTextContent('Pay by card: Passed on retry 1 (Attempt 1 (failed), Attempt 2 (passed))');

    const table = within(dialog).getByRole('grid', { name: 'Flow details' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Flow Name',
      'Flow Loop',
      'Attempt',
      'Step Id',
      'Step Name',
      'Result',
      'Notes',
      'Image Link',
      'Attachments',
    ]);
    const rows = within(table).getAllByRole('rowgroup').flatMap((group) => within(group).getAllByRole('row'));
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Sign in111Open the pagePASSEDTitle matched',
      'Pay by card1Attempt 1 (failed)1Type card numberPASSED',
      'Pay by card1Attempt 1 (failed)2Press PayFAILEDButton #pay not foundImage 1',
      'Pay by card1Attempt 2 (passed)1Type card numberPASSED',
      'Pay by card1Attempt 2 (passed)2Press PayPASSED',
    ]);
    // The failed attempt's screenshot opens from its row.
    const asked: string[] = [];
    server.use(
      http.get(anyOrigin(endpoints.runs.downloadFile), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('path') ?? '');
        return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    await userEvent.click(within(rows[3] as HTMLElement).getByRole('button', { name: 'Image 1: attempt-1.png' }));
    expect(await screen.findByRole('img', { name: 'attempt-1.png' })).toBeInTheDocument();
    expect(asked).toEqual(['runs/r/attempt-1.png']);
  });

  it('says a flow that failed on every attempt failed after its retries, and exports each attempt in the CSV', async () => {
    const saved = captureSavedBlobs();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openReport([retriedFlowDetail(true)]);
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(dialog).findByRole('region', { name: 'Retried flows' })).toHaveTextContent(
      'Pay by card: Failed after 1 retry (Attempt 1 (failed), Attempt 2 (failed))',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    const exportDialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    await userEvent.click(within(exportDialog).getByRole('button', { name: 'Save' }));
    await waitUntil(() => expect(saved).toHaveLength(1));
    expect((await (saved[0] as Blob).text()).replace(/^\uFEFF/, '')).toBe(
      [
        'Flow Name,Flow Loop,Attempt,Step Id,Step Name,Result,Notes,Image Link,Attachments',
        'Pay by card,1,1,1,Type card number,PASSED,,,',
        'Pay by card,1,1,2,Press Pay,FAILED,Button #pay not found,attempt-1.png,',
        'Pay by card,1,2,1,Type card number,PASSED,,,',
        'Pay by card,1,2,2,Press Pay,FAILED,Button #pay not found,attempt-2.png,',
      ].join('\r\n'),
    );
  });

  it('shows no Attempt column and no retried flows when nothing was retried', async () => {
    openReport(makeRunDetails().testCaseDetails);
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    const table = await within(dialog).findByRole('grid', { name: 'Flow details' });
    expect(within(table).queryByRole('columnheader', { name: 'Attempt' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Retried flows' })).toBeNull();
  });
});
