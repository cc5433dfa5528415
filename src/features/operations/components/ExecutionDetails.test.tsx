import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { makeHistoryRow } from '../../../../tests/msw/operations';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { downloadTablePdf } from '../../../lib/pdf';
import { saveBlob } from '../../../lib/save-blob';
import { endpoints } from '../../../shared/endpoints';
import { fetchAllRuns } from '../api/run-search';
import { EXECUTION_COLUMNS } from '../columns';
import { bodyRows, cellTexts, layOutTables, pickDay, pickerButton, pickerText, renderOperations } from '../testing';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));
vi.mock('../../../lib/pdf', () => ({ downloadTablePdf: vi.fn(() => Promise.resolve()) }));

const LABEL = 'Collection execution details';
const endOfDay = (day: DateTime) => day.set({ hour: 23, minute: 59, second: 59, millisecond: 999 });
const instant = (iso: string | undefined) => DateTime.fromISO(iso ?? '').toMillis();
const medium = (dateTime: DateTime) => formatDate(dateTime.toISO(), DATE_FORMATS.medium);

/** A finished run `minutesAgo` before now that took `seconds`. */
function finished(name: string, minutesAgo: number, seconds = 65, overrides: Parameters<typeof makeHistoryRow>[0] = {}) {
  const completed = DateTime.now().minus({ minutes: minutesAgo }).set({ millisecond: 0 });
  return makeHistoryRow({ testSuiteName: name, timeCompleted: completed.toISO(), timeStarted: completed.minus({ seconds }).toISO(), duration: seconds * 1000, ...overrides });
}

async function savedText(index = 0): Promise<[string, string]> {
  await waitFor(() => expect(vi.mocked(saveBlob).mock.calls.length).toBeGreaterThan(index));
  const [fileName, blob] = vi.mocked(saveBlob).mock.calls[index] ?? [];
  return [String(fileName), await (blob as Blob).text()];
}

layOutTables();

describe('Execution Details', () => {
  beforeEach(() => {
    vi.mocked(saveBlob).mockClear();
    vi.mocked(downloadTablePdf).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens on Failed flow from one day back to today 23:59 and searches at once with that data JSON', async () => {
    const before = Date.now();
    const { backend } = renderOperations();
    expect(await screen.findByRole('button', { name: /Collection status/ })).toHaveTextContent('Failed flow');
    expect(pickerButton('Start Date')).toHaveTextContent(pickerText(DateTime.now().minus({ days: 1 })));
    expect(pickerButton('End Date')).toHaveTextContent(pickerText(DateTime.now()));
    await waitFor(() => expect(backend.calls.searches).toHaveLength(1));
    const [search] = backend.calls.searches;
    expect(Object.keys(search ?? {}).sort()).toEqual(['dateEnd', 'dateStart', 'page', 'pageSize', 'status']);
    expect(search).toMatchObject({ status: 'FAILED-TESTCASE', page: 1, pageSize: 100 });
    const start = instant(search?.dateStart);
    expect(start).toBeGreaterThanOrEqual(before - 86_400_000);
    expect(start).toBeLessThanOrEqual(Date.now() - 86_400_000);
    expect(instant(search?.dateEnd)).toBe(endOfDay(DateTime.now()).toMillis());
  });

  it('shows the rows newest completion first with medium dates, results, resources, durations and N total', async () => {
    const newer = finished('Newer', 5, 65, {
      versionTag: 'v2.0',
      userCancelledName: 'Bob',
      devices: ['browser-1', 'pixel-7'],
      deviceNames: { 'browser-1': 'Browser 1', 'pixel-7': 'Pixel 7' },
    });
    renderOperations({ history: [finished('Older', 30, 75), newer, finished('Passed one', 1, 10, { testStatus: 'PASSED' })] });
    expect(await screen.findByText('2 total')).toBeInTheDocument();
    expect(within(screen.getByRole('grid', { name: LABEL })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Collection Name',
      'Version',
      'Executed By',
      'Cancelled By',
      'Result',
      'Resource(s)',
      'Time Started',
      'Time Completed',
      'Duration',
    ]);
    const [first, second] = bodyRows(LABEL);
    const completed = DateTime.fromISO(newer.timeCompleted ?? '');
    expect(cellTexts(first as HTMLElement)).toEqual(['Newer', 'v2.0', 'Ada Admin', 'Bob', 'failed flow', 'Browser 1, Pixel 7', medium(completed.minus({ seconds: 65 })), medium(completed), '1m 05s']);
    expect(cellTexts(second as HTMLElement)[0]).toBe('Older');
    expect(cellTexts(second as HTMLElement)[8]).toBe('1m 15s');
  });

  it('searches with the chosen resource and status, and a picked end day ends at 23:59', async () => {
    const { backend, user } = renderOperations();
    await waitFor(() => expect(backend.calls.searches).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Resource/ }));
    await user.click(await screen.findByRole('option', { name: 'Pixel 7' }));
    await user.click(screen.getByRole('button', { name: /Collection status/ }));
    await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
    const yesterday = DateTime.now().minus({ days: 1 });
    await pickDay(user, 'End Date', yesterday);
    expect(pickerButton('End Date')).toHaveTextContent(pickerText(yesterday));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(backend.calls.searches).toHaveLength(2));
    const search = backend.calls.searches[1];
    expect(search).toMatchObject({ deviceId: 'pixel-7', status: 'CANCELLED', page: 1 });
    expect(instant(search?.dateEnd)).toBe(endOfDay(yesterday).toMillis());
  });

  it('finds my runs by part of the collection name, in any case, on the server', async () => {
    const history = [finished('Checkout_Smoke', 3), finished('Login_Smoke', 2), finished('My_Checkout_Nightly', 1)];
    const { backend, user } = renderOperations({ history });
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    const name = screen.getByRole('searchbox', { name: 'Collection name' });
    await user.click(name);
    await user.paste('  checkout');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(backend.calls.searches).toHaveLength(2));
    expect(backend.calls.searches[1]).toMatchObject({ collectionName: 'checkout', status: 'FAILED-TESTCASE', page: 1 });
    expect(await screen.findByText('2 total')).toBeInTheDocument();
    expect(bodyRows(LABEL).map((row) => cellTexts(row)[0])).toEqual(['My_Checkout_Nightly', 'Checkout_Smoke']);

    // Escape clears the name; the next search looks at every collection again (the first answer, cached, unless it
    // went stale on a slow machine and is asked again).
    await user.keyboard('{Escape}');
    expect(name).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    const names = backend.calls.searches.map((search) => search.collectionName);
    expect(names.slice(0, 2)).toEqual([undefined, 'checkout']);
    for (const again of names.slice(2)) expect(again).toBeUndefined();
  });

  it('offers All statuses first, which searches every finished run', async () => {
    const history = [finished('Failed one', 3), finished('Passed one', 2, 10, { testStatus: 'PASSED' }), finished('Cancelled one', 1, 10, { testStatus: 'CANCELLED' })];
    const { backend, user } = renderOperations({ history });
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Collection status/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All', 'Failed flow', 'Passed flow', 'Completed', 'Aborted', 'Cancelled']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(backend.calls.searches.at(-1)).toMatchObject({ status: 'SAVED' }));
    expect(await screen.findByText('3 total')).toBeInTheDocument();
    expect(bodyRows(LABEL).map((row) => cellTexts(row)[4])).toEqual(['cancelled', 'passed flow', 'failed flow']);
  });

  it('shows a cut cell whole in a tooltip when the keyboard reaches it or the pointer rests on it, and leaves whole cells alone', async () => {
    renderOperations({ history: [finished('A collection with a very long name indeed', 3)] });
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: LABEL });
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    const [row] = bodyRows(LABEL);
    if (!row) throw new Error('no row');
    const cells = [...row.querySelectorAll<HTMLElement>('[role="gridcell"], [role="rowheader"]')];
    const [nameCell, , , , resultCell] = cells;
    if (!nameCell || !resultCell) throw new Error('no cells');
    // happy-dom lays nothing out: the name cell's text is wider than its column, the result's fits.
    Object.defineProperty(nameCell, 'scrollWidth', { configurable: true, get: () => 400 });
    Object.defineProperty(nameCell, 'clientWidth', { configurable: true, get: () => 150 });
    Object.defineProperty(resultCell, 'scrollWidth', { configurable: true, get: () => 80 });
    Object.defineProperty(resultCell, 'clientWidth', { configurable: true, get: () => 110 });

    // Keyboard: into the grid at the row, then right into its cells.
    act(() => grid.querySelector<HTMLElement>('[role="row"][tabindex="0"]')?.focus());
    await user.keyboard('{ArrowRight}');
    expect(nameCell).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('A collection with a very long name indeed');
    expect(nameCell).toHaveAttribute('aria-describedby', tooltip.id);
    for (let step = 0; step < 4; step += 1) await user.keyboard('{ArrowRight}');
    expect(resultCell).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // Pointer: resting on the cut cell shows it; on a whole one, nothing.
    await user.hover(resultCell);
    await user.hover(nameCell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A collection with a very long name indeed');
  });

  it('limits the end day to the start day and today, and pulls an end before a later start to the start', async () => {
    const { user } = renderOperations();
    const today = DateTime.now();
    const yesterday = today.minus({ days: 1 });
    await pickDay(user, 'End Date', yesterday);
    await pickDay(user, 'Start Date', today);
    expect(pickerButton('Start Date')).toHaveTextContent(pickerText(today));
    expect(pickerButton('End Date')).toHaveTextContent(pickerText(today));

    await user.click(pickerButton('End Date'));
    const calendar = await screen.findByRole('dialog');
    const cell = (day: DateTime) => within(calendar).queryByRole('button', { name: new RegExp(day.setLocale('en-US').toFormat('MMMM d, yyyy')) });
    // Days before the start day and after today cannot be picked (when the calendar shows them).
    for (const day of [yesterday, today.plus({ days: 1 })]) {
      const shown = cell(day);
      if (shown) expect(shown).toHaveAttribute('aria-disabled', 'true');
    }
    expect(cell(today)).not.toHaveAttribute('aria-disabled');
  });

  it('reads the next page of 100 as the user scrolls near the end, keeping few rows in the DOM', async () => {
    const history = Array.from({ length: 150 }, (_, index) => finished(`Run ${index}`, index + 1));
    const { backend } = renderOperations({ history });
    expect(await screen.findByText('150 total')).toBeInTheDocument();
    expect(backend.calls.searches.map((search) => search.page)).toEqual([1]);
    const grid = screen.getByRole('grid', { name: LABEL });
    expect(grid).toHaveAttribute('aria-rowcount', '151');
    act(() => {
      grid.scrollTop = 100 * 40 - 444;
      fireEvent.scroll(grid);
    });
    await waitFor(() => expect(backend.calls.searches.map((search) => [search.page, search.pageSize])).toEqual([[1, 100], [2, 100]]));
    act(() => {
      grid.scrollTop = 150 * 40;
      fireEvent.scroll(grid);
    });
    expect(await within(grid).findByRole('button', { name: 'Run 149' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('row').length).toBeLessThanOrEqual(60);
  });

  it('says it is loading while the search is under way', async () => {
    renderOperations({ before: [http.get(anyOrigin(endpoints.runs.search), () => delay('infinite'))] });
    expect(await screen.findByRole('progressbar', { name: `Loading ${LABEL}` })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderOperations({ history: [finished('Passed one', 1, 10, { testStatus: 'PASSED' })] });
    expect(await screen.findByText('0 total')).toBeInTheDocument();
    expect(within(screen.getByRole('grid', { name: LABEL })).getByText('No data to display')).toBeInTheDocument();
  });

  it('shows why the search failed', async () => {
    renderOperations({ failures: { search: { status: 422, message: 'data: the search is not valid.' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('data: the search is not valid.');
  });

  it('opens the detail view of a collection by its name', async () => {
    const row = finished('Demo_Wrong_Assertion', 5);
    const { user, renderCollectionReport } = renderOperations({ history: [row] });
    await user.click(await screen.findByRole('button', { name: 'Demo_Wrong_Assertion' }));
    expect(await screen.findByText(`Report of ${row.statusId}`)).toBeInTheDocument();
    expect(renderCollectionReport).toHaveBeenLastCalledWith(row.statusId, expect.any(Function));
  });

  it('exports every matching run as CSV, reading all pages, with CRLF line ends and formulas neutralised', async () => {
    const history = Array.from({ length: 130 }, (_, index) => finished(index === 0 ? '=HYPERLINK("x")' : `Run ${String(index).padStart(3, '0')}`, index + 1));
    const { backend, user } = renderOperations({ history });
    expect(await screen.findByText('130 total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Export CSV of ${LABEL}` }));
    const [fileName, text] = await savedText();
    expect(fileName).toBe('collection-execution-details.csv');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Collection Name,Version,Executed By,Cancelled By,Result,Resource(s),Time Started,Time Completed,Duration');
    expect(lines).toHaveLength(131);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\)",,Ada Admin,,failed flow,Browser 1,/);
    expect(lines[130]).toMatch(/^Run 129,/);
    expect(backend.calls.searches.at(-1)).toMatchObject({ page: 1, pageSize: 1000 });
  });

  it('exports a PDF of every matching run with the title, criteria, date range and time zone', async () => {
    const history = [finished('One', 2), finished('Two', 1)];
    const { user } = renderOperations({ history });
    expect(await screen.findByText('2 total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Export PDF of ${LABEL}` }));
    await waitFor(() => expect(downloadTablePdf).toHaveBeenCalledTimes(1));
    const [fileName, table] = vi.mocked(downloadTablePdf).mock.calls[0] ?? [];
    expect(fileName).toBe('collection-execution-details');
    expect(table?.title).toBe(`Operations Centre - ${LABEL}`);
    const day = (dateTime: DateTime) => dateTime.setLocale('en-US').toFormat('MMM-dd-yyyy');
    expect(table?.criteria).toEqual(['Resource: All resources', 'Collection status: Failed flow', `Date range: ${day(DateTime.now().minus({ days: 1 }))} to ${day(DateTime.now())}`]);
    expect(table?.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(table?.columns).toBe(EXECUTION_COLUMNS);
    expect((table?.rows as { testSuiteName: string }[]).map((row) => row.testSuiteName)).toEqual(['Two', 'One']);
  });

  it('caps an export and says how many rows it left out', async () => {
    const history = Array.from({ length: 5 }, (_, index) => finished(`Run ${index}`, index + 1));
    const { backend } = renderOperations({ history });
    await waitFor(() => expect(backend.calls.searches).toHaveLength(1));
    const search = backend.calls.searches[0];
    if (!search?.dateStart || !search.dateEnd) throw new Error('no search');
    const capped = await fetchAllRuns({ status: 'FAILED-TESTCASE', dateStart: search.dateStart, dateEnd: search.dateEnd }, 3);
    expect(capped.rows.map((row) => row.testSuiteName)).toEqual(['Run 0', 'Run 1', 'Run 2']);
    expect(capped.total).toBe(5);
  });
});
