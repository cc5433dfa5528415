import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardsBackend, makeReport, makeReportElement, type DashboardsBackendOptions } from '../../../../tests/msw/dashboards';
import { server } from '../../../../tests/msw/server';
import { pickCollections } from '../../../../tests/support/collection-selector';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { MESSAGES } from '../../../shared/constants';
import { UNAVAILABLE_MEDIA_ATTRIBUTES, UNAVAILABLE_MEDIA_REASON, type DatasetRow, type ReportDraft } from '../../../shared/contracts/dashboards';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { REPORT_GRID_TEXT } from '../components/ReportGrid';
import { ELEMENT_EDITOR_TEXT } from '../editor/ElementEditor';
import { REPORT_TITLE_PLACEHOLDER } from '../editor/report-draft';
import { SETTINGS_LOCKED_TEXT } from '../editor/ReportSettingsPanel';
import { ReportEditPage } from './ReportEditPage';
import { chooseOption as pick, selectTrigger } from '../../../../tests/support/select';

type User = ReturnType<typeof userEvent.setup>;

const HOUR = 3_600_000;
/** Steps of the last hours: inside the default frame (Yesterday to today, UTC) whenever the test runs. */
const capturedRows: DatasetRow[] = [
  { time: Date.now() - HOUR, collection: 'Checkout', flow: 'Pay', step: 'Open', device: 'Browser One', result: 'PASSED', duration: 1200, count: 1 },
  { time: Date.now() - HOUR, collection: 'Checkout', flow: 'Pay', step: 'Click', device: 'Browser One', result: 'FAILED', duration: 800, count: 1 },
  { time: Date.now() - 2 * HOUR, collection: 'Search', flow: 'Find', step: 'Type', device: 'Browser Two', result: 'PASSED', duration: 400, count: 1 },
];

function renderPage(reportId: string | null, options: DashboardsBackendOptions = {}) {
  toastQueue.clear();
  const user = signInAs(['DASHBOARD_MANAGEMENT']);
  const backend = dashboardsBackend({ capturedRows, ...options, testPlans: [{ id: 'c-1', testSuiteName: 'Checkout', tags: [], version: null }] });
  server.use(...backend.handlers);
  const handlers = { onCreated: vi.fn(), onDeleted: vi.fn(), onDirtyChange: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportEditPage reportId={reportId} {...handlers} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, handlers, user: userEvent.setup(), orgId: user.orgId };
}

async function chooseOption(user: User, field: RegExp, option: string) {
  await pick(user, selectTrigger(field), option);
}

const addGroup = () => screen.queryByRole('group', { name: 'Add element' });

/** Adds an element of a chart type through the element editor and saves it into the report. */
async function addElement(user: User, chartLabel: string, title: string, configure?: () => Promise<void>) {
  await user.click(await screen.findByRole('button', { name: `Add ${chartLabel} element` }));
  await screen.findByRole('region', { name: 'New element' });
  await user.type(screen.getByRole('textbox', { name: 'Element title' }), title);
  await configure?.();
  await user.click(screen.getByRole('button', { name: 'Save element' }));
  return screen.findByRole('article', { name: new RegExp(`^${title} \\(`) });
}

async function saveAs(user: User, title: string) {
  await user.type(screen.getByRole('textbox', { name: 'Report title' }), title);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

const sentDraft = (backend: ReturnType<typeof dashboardsBackend>): ReportDraft | undefined => backend.state.added[0];

afterEach(() => vi.restoreAllMocks());

describe('ReportEditPage', () => {
  it('starts a blank report with an example title as placeholder, the settings and the add-element buttons', async () => {
    renderPage(null);
    expect(screen.getByRole('textbox', { name: 'Report title' })).toHaveAttribute('placeholder', REPORT_TITLE_PLACEHOLDER);
    expect(screen.getByRole('group', { name: 'Report settings' })).toBeInTheDocument();
    expect(within(addGroup() as HTMLElement).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Table',
      'Historical',
      'Bar',
      'Column grouped by date',
      'Pie',
      'Line',
    ]);
    expect(screen.queryByRole('button', { name: 'Delete report' })).toBeNull();
  });

  it('edits a new element: the breakdown chooser, the media attributes as unavailable, filters from the dataset over the raw rows', async () => {
    const { user } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Add Table element' }));
    const editor = await screen.findByRole('region', { name: 'New element' });
    expect(within(editor).getByRole('textbox', { name: 'Element title' })).toHaveFocus();
    // One element being edited: the report's own settings and elements are not shown meanwhile.
    expect(screen.queryByRole('group', { name: 'Report settings' })).toBeNull();
    expect(within(editor).getByRole('radio', { name: 'Captured Data' })).toBeChecked();
    expect(within(editor).getByRole('radio', { name: 'Analytics Data' })).not.toBeChecked();
    for (const attribute of UNAVAILABLE_MEDIA_ATTRIBUTES) expect(within(editor).getByText(attribute.label)).toHaveAttribute('aria-disabled', 'true');
    expect(within(editor).getByText(UNAVAILABLE_MEDIA_REASON)).toBeInTheDocument();
    // The filter's choices are the dataset's values; the raw table counts the rows the filters keep.
    expect(await within(editor).findByRole('button', { name: /Raw Data Table \(3 rows\)/ })).toBeInTheDocument();
    await chooseOption(user, /Filter Result/, 'FAILED');
    await user.keyboard('{Escape}');
    expect(await within(editor).findByRole('button', { name: /Raw Data Table \(1 rows\)/ })).toBeInTheDocument();
  });

  it('offers what a new element shows as its title placeholder, and names an untitled element so', async () => {
    const { user } = renderPage(null);
    await user.click(await screen.findByRole('button', { name: 'Add Bar element' }));
    const editor = await screen.findByRole('region', { name: 'New element' });
    const title = within(editor).getByRole('textbox', { name: 'Element title' });
    expect(title).toHaveAttribute('placeholder', 'Steps by Result over time');
    expect(title).toHaveAccessibleDescription(ELEMENT_EDITOR_TEXT.titleHint);
    await chooseOption(user, /Group by$/, 'Collection');
    expect(title).toHaveAttribute('placeholder', 'Steps by Collection over time');
    await user.click(within(editor).getByRole('button', { name: 'Save element' }));
    const card = await screen.findByRole('article', { name: 'Steps by Collection over time (1)' });
    expect(within(card).getByRole('heading', { name: 'Steps by Collection over time' })).toBeInTheDocument();
  });

  it('reads Analytics Data from botanalytics once chosen, offering its attributes', async () => {
    const { user, backend } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Add Line element' }));
    const editor = await screen.findByRole('region', { name: 'New element' });
    expect(within(editor).queryByRole('checkbox', { name: 'Triggered By' })).toBeNull();
    await user.click(within(editor).getByRole('radio', { name: 'Analytics Data' }));
    expect(await within(editor).findByRole('checkbox', { name: 'Triggered By' })).not.toBeChecked();
    // A line starts on the date and the result, counted, on either breakdown.
    expect(within(editor).getByRole('checkbox', { name: 'Result' })).toBeChecked();
    expect(within(editor).getByRole('checkbox', { name: 'Runs' })).toBeChecked();
    expect(within(editor).queryByRole('checkbox', { name: 'Step' })).toBeNull();
    await waitFor(() => expect(backend.state.datasetRequests.map((request) => request.breakdown)).toContain('analyticsData'));
  });

  it('saves the chosen time frame and test plans, and reads the datasets over them', async () => {
    const { user, backend } = renderPage(null);
    await chooseOption(user, /Time frame$/, 'Last 7 Days');
    await waitFor(() => expect(screen.getByRole('button', { name: /Test plans$/ })).not.toBeDisabled());
    await pickCollections(user, 'Test plans', ['Checkout']);
    await user.click(screen.getByRole('button', { name: 'Add Table element' }));
    await screen.findByRole('region', { name: 'New element' });
    await waitFor(() => expect(backend.state.datasetRequests.at(-1)?.collectionIds).toEqual(['c-1']));
    const request = backend.state.datasetRequests.at(-1);
    expect(((request?.endDate ?? 0) - (request?.startDate ?? 0) + 1) / 86_400_000).toBe(8);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await saveAs(user, 'Checkout week');
    await waitFor(() => expect(sentDraft(backend)).toBeDefined());
    expect(sentDraft(backend)?.settings).toMatchObject({ timeFrame: { type: 'previous_7_days', name: 'Last 7 Days' }, testPlans: ['c-1'] });
  });

  it('adds the element to the report on Save element, showing the report again', async () => {
    const { user } = renderPage(null);
    const card = await addElement(user, 'Table', 'Steps');
    expect(within(card).getByRole('heading', { name: 'Steps' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Report settings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New element' })).toBeNull();
  });

  it('cancels an element without changing the report', async () => {
    const { user } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Add Pie element' }));
    await screen.findByRole('region', { name: 'New element' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(addGroup()).toBeInTheDocument();
  });

  it('clears the plot attribute and the grouping when the chart type changes (§3)', async () => {
    const { user } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Add Bar element' }));
    await screen.findByRole('region', { name: 'New element' });
    await chooseOption(user, /Plot attribute/, 'Duration');
    await chooseOption(user, /Group by/, 'Flow');
    expect(screen.getByRole('button', { name: /Plot attribute/ })).toHaveTextContent('Duration');
    expect(screen.getByRole('button', { name: /Group by/ })).toHaveTextContent('Flow');
    await chooseOption(user, /Chart type/, 'Column grouped by date');
    expect(screen.getByRole('button', { name: /Plot attribute/ })).not.toHaveTextContent('Duration');
    expect(screen.getByRole('button', { name: /Group by/ })).toHaveTextContent('No grouping');
    // Table takes neither.
    await chooseOption(user, /Chart type/, 'Table');
    expect(screen.queryByRole('button', { name: /Plot attribute/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Group by/ })).toBeNull();
  });

  it('plots one attribute on a pie (§5): a second pick replaces the first', async () => {
    const { user, backend } = renderPage(null);
    await addElement(user, 'Pie', 'Steps share', async () => {
      await chooseOption(user, /Plot attribute/, 'Duration');
      await chooseOption(user, /Plot attribute/, 'Steps');
    });
    await saveAs(user, 'Shares');
    await waitFor(() => expect(sentDraft(backend)).toBeDefined());
    expect(sentDraft(backend)?.elements[0]?.chart).toMatchObject({ type: 'pieGraph', plotAttrs: ['count'] });
  });

  it('locks the settings while the report has elements, and unlocks them when the last goes', async () => {
    const { user } = renderPage(null);
    expect(screen.queryByText(SETTINGS_LOCKED_TEXT)).toBeNull();
    const card = await addElement(user, 'Table', 'Steps');
    expect(screen.getByRole('group', { name: 'Report settings' })).toBeDisabled();
    expect(screen.getByText(SETTINGS_LOCKED_TEXT)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete Steps (1)' }));
    expect(screen.getByRole('group', { name: 'Report settings' })).not.toBeDisabled();
  });

  it('shows the add-element buttons only once both dates of the frame are set (§5)', async () => {
    const open = makeReport({
      settings: { timeFrame: { type: 'custom', name: 'Custom', fromDate: '2026-01-01', toDate: null }, testPlans: [] },
      elements: [makeReportElement({ title: 'Waiting' })],
    });
    const { backend } = renderPage(open.id, { reports: [open] });
    await screen.findByRole('group', { name: 'Report settings' });
    expect(addGroup()).toBeNull();
    // Its element says why it shows no data, and nothing is asked of the feeds.
    expect(within(screen.getByRole('article', { name: 'Waiting (1)' })).getByText(REPORT_GRID_TEXT.pickDates)).toBeInTheDocument();
    expect(backend.state.datasetRequests).toEqual([]);
  });

  it('offers the add-element buttons on a custom frame with both dates', async () => {
    const closed = makeReport({ settings: { timeFrame: { type: 'custom', name: 'Custom', fromDate: '2026-01-01', toDate: '2026-01-31' }, testPlans: [] } });
    renderPage(closed.id, { reports: [closed] });
    expect(await screen.findByRole('group', { name: 'Add element' })).toBeInTheDocument();
  });

  it('duplicates, resizes and deletes elements', async () => {
    const { user, backend } = renderPage(null);
    const card = await addElement(user, 'Table', 'Steps');
    await user.click(within(card).getByRole('button', { name: 'Duplicate Steps (1)' }));
    expect(screen.getAllByRole('article', { name: /^Steps/ })).toHaveLength(2);
    await chooseOption(user, /Size of Steps \(1\)/, '50%');
    await user.click(screen.getByRole('button', { name: 'Delete Steps (2)' }));
    expect(screen.getAllByRole('article', { name: /^Steps/ })).toHaveLength(1);
    await saveAs(user, 'Sizes');
    await waitFor(() => expect(sentDraft(backend)?.elements.map((element) => element.size)).toEqual([0.5]));
  });

  it('saves a new report as a form (title, settings and elements as JSON) and reports its id', async () => {
    const { user, backend, handlers } = renderPage(null);
    await addElement(user, 'Bar', 'Durations', () => chooseOption(user, /Plot attribute/, 'Duration'));
    await saveAs(user, 'Weekly steps');
    expect(await screen.findByText('Report saved')).toBeInTheDocument();
    const draft = sentDraft(backend);
    expect(draft?.title).toBe('Weekly steps');
    expect(draft?.settings).toMatchObject({ timeFrame: { type: 'previous_1_days', name: 'Yesterday' }, testPlans: [] });
    expect(draft?.elements).toHaveLength(1);
    expect(draft?.elements[0]).toMatchObject({ title: 'Durations', dataBreakdown: 'capturedData', chart: { type: 'barGraph', plotAttrs: ['duration'] } });
    const id = backend.state.reports[0]?.id;
    expect(handlers.onCreated).toHaveBeenCalledWith(id);
    expect(handlers.onDirtyChange).toHaveBeenLastCalledWith(false);

    // The next save updates the same report.
    await user.type(screen.getByRole('textbox', { name: 'Report title' }), ' (v2)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.state.updated).toHaveLength(1));
    expect(backend.state.updated[0]).toMatchObject({ id, draft: { title: 'Weekly steps (v2)' } });
    expect(backend.state.added).toHaveLength(1);
  });

  it('refuses to save without a title', async () => {
    const { user, backend } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please give the report a title')).not.toHaveLength(0);
    expect(backend.state.added).toHaveLength(0);
  });

  it('edits a saved report and says when it is dirty', async () => {
    const report = makeReport({ title: 'Runs', elements: [makeReportElement({ title: 'By result' })] });
    const { user, backend, handlers } = renderPage(report.id, { reports: [report] });
    const card = await screen.findByRole('article', { name: 'By result (1)' });
    expect(handlers.onDirtyChange).not.toHaveBeenCalledWith(true);
    await user.click(within(card).getByRole('button', { name: 'Edit By result (1)' }));
    expect(await screen.findByRole('region', { name: 'Edit By result' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Analytics Data' })).toBeChecked();
    expect(handlers.onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.clear(screen.getByRole('textbox', { name: 'Element title' }));
    await user.type(screen.getByRole('textbox', { name: 'Element title' }), 'Results');
    await user.click(screen.getByRole('button', { name: 'Save element' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.state.updated).toHaveLength(1));
    expect(backend.state.updated[0]?.draft.elements.map((element) => element.title)).toEqual(['Results']);
    expect(handlers.onCreated).not.toHaveBeenCalled();
  });

  it('publishes: saves, then opens the published report in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, backend } = renderPage(null);
    await user.type(screen.getByRole('textbox', { name: 'Report title' }), 'Published');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const id = backend.state.reports[0]?.id ?? '';
    expect(backend.state.added[0]?.title).toBe('Published');
    expect(open).toHaveBeenCalledWith(`/studio/dashboards/${id}`, '_blank', 'noopener');
  });

  it('does not open the published view when the save fails', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderPage(null);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findAllByText('Please give the report a title')).not.toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it("deletes a saved report after 'Please confirm..'", async () => {
    const report = makeReport({ title: 'Old report' });
    const { user, backend, handlers } = renderPage(report.id, { reports: [report] });
    await user.click(await screen.findByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Remove the report 'Old report'?");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.state.removed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(backend.state.removed).toEqual([report.id]));
    expect(await screen.findByText('Report removed')).toBeInTheDocument();
    expect(handlers.onDeleted).toHaveBeenCalledTimes(1);
  });

  it("says 'Report not found' for an id the list does not hold", async () => {
    renderPage('missing');
    expect(await screen.findByRole('alert')).toHaveTextContent('Report not found');
  });
});
