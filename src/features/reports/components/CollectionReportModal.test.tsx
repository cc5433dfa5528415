import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { failureLabelsBackend, makeRunDetails, serveRunDetails } from '../../../../tests/msw/runs-handlers';
import { switchableNetwork } from '../../../../tests/msw/network';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { serveConfig, signInAs } from '../../../../tests/support/render-app';
import { configQueryOptions } from '../../../lib/config';
import { createQueryClient } from '../../../lib/query-client';
import { SAVED_OFFLINE_TEXT } from '../../../offline/pending-texts';
import type { FailureLabel } from '../../../shared/contracts/labels';
import type { RunDetails } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { CollectionReportModal } from './CollectionReportModal';
import { captureSavedBlobs, captureSavedLinks } from '../../../../tests/support/saved-blobs';
import { waitUntil } from '../../../../tests/support/wait';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function openReport(initialLabels: FailureLabel[] = [{ labelId: 'label-env', labelName: 'Environment' }], overrides: Partial<RunDetails> = {}) {
  const details = makeRunDetails({ testSuiteName: 'Nightly collection', ...overrides });
  const labels = failureLabelsBackend(initialLabels, [details]);
  server.use(serveRunDetails(details), ...labels.handlers);
  signInAs([]);
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <CollectionReportModal statusId={details.statusId} onClose={() => undefined} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { details, labels, queryClient };
}

/** The text of the n-th saved file; fails the test when fewer were saved. */
async function savedText(saved: readonly Blob[], index = 0): Promise<string> {
  const blob = saved[index];
  if (!blob) throw new Error(`Only ${saved.length} file(s) were saved`);
  return blob.text();
}

beforeEach(() => clearAppOfflineDb());

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // One queue serves the whole page: a toast left by one test would answer the next one's findByText.
  act(() => toastQueue.clear());
});

describe('CollectionReportModal', () => {
  it('shows the run details and one flow detail row per executed step', async () => {
    openReport();
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(dialog).findByText('Nightly collection')).toBeInTheDocument();
    expect(within(dialog).getByText('collection-1')).toBeInTheDocument();
    // Resources by display name, not by id.
    expect(within(dialog).getByText('Resources').nextSibling).toHaveTextContent(/^Browser 1$/);
    // Who started the run, by name (a schedule's run names the schedule: the server words it).
    expect(within(dialog).getByText('Triggered By').nextSibling).toHaveTextContent(/^Studio Administrator$/);

    const table = within(dialog).getByRole('grid', { name: 'Flow details' });
    const rows = within(table).getAllByRole('rowgroup').flatMap((group) => within(group).getAllByRole('row'));
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Flow Name',
      'Flow Loop',
      'Step Id',
      'Step Name',
      'Result',
      'Notes',
      'Image Link',
      'Attachments',
    ]);
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Sign in11Open the pagePASSEDTitle matched',
      'Pay by card11Type card numberPASSED',
      'Pay by card12Press PayFAILEDButton #pay not foundImage 1response.json',
    ]);
  });

  it('marks the failed step\'s row, by a class and a cross before FAILED, and no other row', async () => {
    openReport();
    const table = await screen.findByRole('grid', { name: 'Flow details' });
    const rows = within(table).getAllByRole('row').slice(1);
    const marked = rows.filter((row) => row.classList.contains('report-row--failed'));
    expect(marked.map((row) => row.textContent)).toEqual(['Pay by card12Press PayFAILEDButton #pay not foundImage 1response.json']);
    const result = within(marked[0] as HTMLElement).getByText('FAILED');
    expect(result.querySelector('svg.report-result__mark')).not.toBeNull();
    expect(rows.flatMap((row) => [...row.querySelectorAll('svg.report-result__mark')])).toHaveLength(1);
  });

  it('shows the whole text of a cut cell in a tooltip when its cell has keyboard focus, and Escape hides it', async () => {
    const stepId = 'd1bd3a60-5c1e-4d0b-9a57-0b6f3c2e9a11';
    const base = makeRunDetails();
    const [signIn] = base.testCaseDetails;
    if (!signIn) throw new Error('makeRunDetails has no first flow');
    const firstStep = signIn.testCaseDetailByLoop[0]?.steps[0];
    if (!firstStep) throw new Error('makeRunDetails has no first step');
    openReport(undefined, {
      testCaseDetails: [{ ...signIn, testCaseDetailByLoop: [{ loop: 1, result: 'PASSED', steps: [{ ...firstStep, stepId }] }] }],
    });
    // happy-dom lays nothing out: every cut text measures wider than its cell here.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(80);
    const table = await screen.findByRole('grid', { name: 'Flow details' });
    const idCell = within(table).getByText(stepId).closest('[role="gridcell"]');
    if (!(idCell instanceof HTMLElement)) throw new Error('The step id is in no grid cell');

    act(() => idCell.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(stepId);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // Escape hid the tooltip only: the report stays open.
    expect(screen.getByRole('dialog', { name: 'Collection Report' })).toBeInTheDocument();
  });

  it('shows the whole text of a cut cell when the pointer rests on it, and nothing for a text that fits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openReport();
    const table = await screen.findByRole('grid', { name: 'Flow details' });
    const stepName = within(table).getByText('Press Pay');
    const measured = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(50);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(80);
    await user.hover(stepName);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.unhover(stepName);

    measured.mockReturnValue(400);
    await user.hover(stepName);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Press Pay');
    await user.unhover(stepName);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('shows a step screenshot fetched with the bearer token as a data URL', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(anyOrigin(endpoints.runs.downloadFile), ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return new HttpResponse(PNG_BYTES, { headers: { 'Content-Type': 'image/png' } });
      }),
    );
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Image 1: failure.png' }));
    const image = await screen.findByRole('img', { name: 'failure.png' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(authorizations).toHaveLength(1);
    expect(authorizations[0]).toMatch(/^Bearer /);
  });

  it("lists the run's video and saves it through a download link asked for with the bearer token", async () => {
    const saved = captureSavedLinks();
    const requests: { data: unknown; authorization: string | null }[] = [];
    server.use(
      http.post(anyOrigin(endpoints.runs.postDownloadForId), ({ request }) => {
        requests.push({ data: JSON.parse(new URL(request.url).searchParams.get('data') ?? 'null'), authorization: request.headers.get('Authorization') });
        return HttpResponse.text('download-token-1');
      }),
    );
    openReport(undefined, { attachments: [{ path: 'status-1/video/page@1.webm', name: 'page@1.webm' }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Download attachment page@1.webm' }));
    await waitUntil(() => expect(saved).toHaveLength(1));
    expect(requests).toEqual([{ data: { path: 'status-1/video/page@1.webm' }, authorization: expect.stringMatching(/^Bearer /) }]);
    // The file itself comes through the link, with no header: the browser streams it to disk.
    expect(saved[0]).toEqual({
      href: `${endpoints.runs.downloadByToken}?${new URLSearchParams({ token: 'download-token-1', id: 'status-1', filename: 'page@1.webm' })}`,
      download: 'page@1.webm',
    });
  });

  it("shows why a run has no video when it could not be recorded", async () => {
    const message = 'Video recording unavailable on this machine: ffmpeg is missing at /x';
    const base = makeRunDetails();
    openReport(undefined, { progress: { ...base.progress, videoMessage: message } });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("says the image is unavailable when it cannot be fetched, and 'Unable to download Attachment' for an attachment", async () => {
    server.use(
      http.get(anyOrigin(endpoints.runs.downloadFile), () => errorResponse(404, 'File not found')),
      http.post(anyOrigin(endpoints.runs.postDownloadForId), () => errorResponse(404, 'No such file.')),
    );
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Download attachment response.json' }));
    expect(await screen.findByText('Unable to download Attachment')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Image 1: failure.png' }));
    expect(await screen.findByText('Image unavailable')).toBeInTheDocument();
  });

  it("keeps Save disabled until the content and the file name are valid: 'Please fill in the file name.'", async () => {
    const saved = captureSavedBlobs();
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export' });
    const content = within(dialog).getByRole('textbox', { name: 'Content' });
    const fileName = within(dialog).getByRole('textbox', { name: 'File name' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((content as HTMLTextAreaElement).value).toContain('Collection Name: Nightly collection');
    expect(save).toBeEnabled();

    await userEvent.clear(fileName);
    expect(within(dialog).getByText('Please fill in the file name.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.type(fileName, ' .csv ');
    expect(save).toBeDisabled();
    await userEvent.clear(fileName);
    await userEvent.type(fileName, 'summary');
    expect(within(dialog).queryByText('Please fill in the file name.')).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    await userEvent.clear(content);
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    await userEvent.type(content, 'Pay by card failed');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(saved).toHaveLength(1);
    expect(await savedText(saved)).toBe('Pay by card failed');
  });

  it('exports the flow details as CSV under the given file name', async () => {
    const saved = captureSavedBlobs();
    const clickedNames: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clickedNames.push(this.download);
    });
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export CSV' });
    const fileName = within(dialog).getByRole('textbox', { name: 'File name' });
    await userEvent.clear(fileName);
    await userEvent.type(fileName, 'nightly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(clickedNames).toEqual(['nightly.csv']);
    expect((await savedText(saved)).replace(/^\uFEFF/, '')).toBe(
      [
        'Flow Name,Flow Loop,Attempt,Step Id,Step Name,Result,Notes,Image Link,Attachments',
        'Sign in,1,1,1,Open the page,PASSED,Title matched,,',
        'Pay by card,1,1,1,Type card number,PASSED,,,',
        'Pay by card,1,1,2,Press Pay,FAILED,Button #pay not found,failure.png,response.json',
      ].join('\r\n'),
    );
  });

  it("exports the HTML report in the user's time zone, and says 'Something went wrong, unable to export HTML Report' on failure", async () => {
    const saved = captureSavedBlobs();
    const timeZones: (string | null)[] = [];
    let fail = false;
    server.use(
      http.get(anyOrigin('/stats/getReport/:id'), ({ request }) => {
        timeZones.push(new URL(request.url).searchParams.get('timezone'));
        return fail ? errorResponse(500, 'boom') : new HttpResponse('<html>report</html>', { headers: { 'Content-Type': 'text/html' } });
      }),
    );
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Export HTML' }));
    await waitUntil(() => expect(saved).toHaveLength(1));
    expect(await savedText(saved)).toBe('<html>report</html>');
    expect(timeZones).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone]);

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Export HTML' }));
    expect(await screen.findByText('Something went wrong, unable to export HTML Report')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('shows the logs read-only with Download and Cancel', async () => {
    const saved = captureSavedBlobs();
    openReport();
    await userEvent.click(await screen.findByRole('button', { name: 'View Logs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logs' });
    const logs = within(dialog).getByRole('textbox', { name: 'Logs' });
    expect(logs).toHaveValue('12:00:01: Run started\n12:05:00: Run failed');
    expect(logs).toHaveAttribute('readonly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await savedText(saved)).toBe('12:00:01: Run started\n12:05:00: Run failed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Logs' })).not.toBeInTheDocument();
  });

  it('creates a failure label and attaches it to the run, then switches to another label', async () => {
    const { details, labels } = openReport();
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'New failure label' }), 'Flaky locator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Failure Label Created')).toBeInTheDocument();
    expect(await screen.findByText('Collection Label Updated')).toBeInTheDocument();
    expect(labels.ofRun.get(details.statusId)?.labelName).toBe('Flaky locator');
    await waitUntil(() => expect(within(dialog).getByRole('button', { name: /^Flaky locator/ })).toBeInTheDocument());

    await userEvent.click(within(dialog).getByRole('button', { name: /^Flaky locator/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Environment' }));
    await waitUntil(() => expect(labels.ofRun.get(details.statusId)?.labelId).toBe('label-env'));
  });

  it('creates, attaches and renames a failure label offline, shown and marked at once, applied once in order on reconnect', async () => {
    const { details, labels } = openReport();
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    const newLabel = await within(dialog).findByRole('textbox', { name: 'New failure label' });
    const network = switchableNetwork();
    network.goOffline();

    await userEvent.type(newLabel, 'Flaky locator');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('button', { name: /^Flaky locator/ })).toBeInTheDocument();
    expect(within(dialog).getByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    // The label shows as soon as it is kept, while the picker still attaches it.
    const renameButton = await within(dialog).findByRole('button', { name: 'Rename failure label Flaky locator' });
    await waitFor(() => expect(renameButton).toBeEnabled());
    await userEvent.click(renameButton);
    const renamed = within(dialog).getByRole('textbox', { name: 'Label name' });
    await userEvent.clear(renamed);
    await userEvent.type(renamed, 'Flaky selector');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: /^Flaky selector/ })).toBeInTheDocument();
    expect(labels.labels).toHaveLength(1);

    network.goOnline();
    await waitFor(() => expect(within(dialog).queryByText(SAVED_OFFLINE_TEXT)).not.toBeInTheDocument());
    expect(labels.labels).toEqual([{ labelId: 'label-env', labelName: 'Environment' }, { labelId: expect.any(String), labelName: 'Flaky selector' }]);
    expect(labels.ofRun.get(details.statusId)).toEqual({ statusId: details.statusId, ...labels.labels[1] });
  });

  it("shows 'Already Exists' when the new label's name is taken (ignoring case), and attaches nothing", async () => {
    const { details, labels } = openReport();
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'New failure label' }), 'environment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Already Exists')).toBeInTheDocument();
    expect(labels.ofRun.has(details.statusId)).toBe(false);
    expect(labels.labels).toHaveLength(1);
  });

  it("renames the run's label, refreshes the label list, and shows 'Already Exists' for a taken name", async () => {
    const { details, labels } = openReport([
      { labelId: 'label-env', labelName: 'Environment' },
      { labelId: 'label-bug', labelName: 'Product bug' },
    ]);
    labels.ofRun.set(details.statusId, { statusId: details.statusId, labelId: 'label-env', labelName: 'Environment' });
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Rename failure label Environment' }));
    const name = within(dialog).getByRole('textbox', { name: 'Label name' });
    expect(name).toHaveValue('Environment');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.type(name, 'product BUG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Already Exists')).toBeInTheDocument();
    expect(labels.labels.map((label) => label.labelName)).toEqual(['Environment', 'Product bug']);

    await userEvent.clear(name);
    await userEvent.type(name, 'Test environment down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failure Label Updated')).toBeInTheDocument();
    expect(labels.labels[0]).toEqual({ labelId: 'label-env', labelName: 'Test environment down' });
    // The selector shows the new name, and its list is the refreshed one.
    const picker = await within(dialog).findByRole('button', { name: /^Test environment down/ });
    // The editor closes once the refetch is done; the picker can show the new name a render earlier.
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'Label name' })).not.toBeInTheDocument());
    await userEvent.click(picker);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['No label', 'Product bug', 'Test environment down']);
  });

  it('offers failure labels only on a failed run', async () => {
    openReport(undefined, { testStatus: 'PASSED' });
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(dialog).findByText('Test Status')).toBeInTheDocument();
    expect(within(dialog).getByText('Test Status').nextSibling).toHaveTextContent('PASSED');
    expect(within(dialog).queryByRole('button', { name: /Failure Label/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'New failure label' })).not.toBeInTheDocument();
  });

  it('shows the scenario only while the issue tracker (JiraFeature) is on', async () => {
    serveConfig({ JiraFeature: { enabled: true } });
    openReport(undefined, { scenario: 'Checkout scenario' });
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(dialog).findByText('Scenario')).toBeInTheDocument();
    expect(within(dialog).getByText('Scenario').nextSibling).toHaveTextContent('Checkout scenario');
  });

  it('hides the scenario while the issue tracker is off', async () => {
    serveConfig({ JiraFeature: { enabled: false } });
    const { queryClient } = openReport(undefined, { scenario: 'Checkout scenario' });
    const dialog = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(dialog).findByText('Nightly collection')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(configQueryOptions.queryKey)?.status).toBe('success'));
    await waitFor(() => expect(queryClient.getQueryData(configQueryOptions.queryKey)).toEqual({ JiraFeature: { enabled: false } }));
    expect(within(dialog).queryByText('Scenario')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Checkout scenario')).not.toBeInTheDocument();
  });
});
