import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeScheduleSummaryRow, makeTestSuiteSummaryRow } from '../../../../tests/msw/operations';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { saveBlob } from '../../../lib/save-blob';
import { bodyRows, cellTexts, layOutTables, pickDay, renderOperations } from '../testing';
import { chooseOptions, selectTrigger } from '../../../../tests/support/select';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

type View = ReturnType<typeof renderOperations>;
const endOfDay = (day: DateTime) => day.set({ hour: 23, minute: 59, second: 59, millisecond: 999 });

async function openTab(view: View, name: string) {
  await view.user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

/** Picks yesterday to today, optionally a tag and a version, and presses Search. */
async function search(view: View, { tag, version }: { tag?: string; version?: string } = {}) {
  const today = DateTime.now();
  await pickDay(view.user, 'Start Date', today.minus({ days: 1 }));
  await pickDay(view.user, 'End Date', today);
  for (const [label, option] of [['Tags', tag], ['Versions', version]] as const) {
    if (!option) continue;
    await chooseOptions(view.user, selectTrigger(label), [option], { multiple: true });
  }
  await view.user.click(screen.getByRole('button', { name: 'Search' }));
}

async function savedCsv(): Promise<[string, string[]]> {
  await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
  const [fileName, blob] = vi.mocked(saveBlob).mock.calls[0] ?? [];
  return [String(fileName), (await (blob as Blob).text()).replace(/^\uFEFF/, '').split('\r\n')];
}

layOutTables();

describe('Collection Details', () => {
  beforeEach(() => vi.mocked(saveBlob).mockClear());

  it('needs both dates: Search marks them and sends nothing', async () => {
    const view = renderOperations();
    const panel = await openTab(view, 'Collection Details');
    expect(within(panel).getByText('Choose the start and end dates, then press Search.')).toBeInTheDocument();
    await view.user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(within(panel).getAllByText('Required')).toHaveLength(2);
    expect(view.backend.calls.testSuiteSummaries).toHaveLength(0);
  });

  it('searches the dates, tags and versions, lists collections oldest created first and exports them', async () => {
    const view = renderOperations({
      testSuiteSummary: [
        makeTestSuiteSummaryRow({ name: 'Newer', createdDate: '2026-02-01T09:00:00.000Z', status: 'FAILED' }),
        makeTestSuiteSummaryRow({ name: 'Older', tags: ['smoke'], version: 'v2.0', createdDate: '2026-01-01T09:00:00.000Z' }),
      ],
    });
    await openTab(view, 'Collection Details');
    await search(view, { tag: 'smoke', version: 'v2.0' });
    await waitFor(() => expect(view.backend.calls.testSuiteSummaries).toHaveLength(1));
    const [sent] = view.backend.calls.testSuiteSummaries;
    expect(sent).toMatchObject({ tags: ['smoke'], versions: ['v2'] });
    expect(DateTime.fromISO(sent?.startDate ?? '').toMillis()).toBe(DateTime.now().minus({ days: 1 }).startOf('day').toMillis());
    expect(DateTime.fromISO(sent?.endDate ?? '').toMillis()).toBe(endOfDay(DateTime.now()).toMillis());

    expect(await screen.findByText('2 total')).toBeInTheDocument();
    expect(within(screen.getByRole('grid', { name: 'Collection summary' })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Tags',
      'Version',
      'Created By',
      'Created Date',
      'Updated By',
      'Updated Date',
      'Collection status',
      'Runs (Passed / Failed)',
    ]);
    const [first, second] = bodyRows('Collection summary');
    expect(cellTexts(first as HTMLElement)).toEqual([
      'Older',
      'smoke',
      'v2.0',
      'Ada Admin',
      formatDate('2026-01-01T09:00:00.000Z', DATE_FORMATS.medium),
      'Ada Admin',
      formatDate('2026-01-02T09:00:00.000Z', DATE_FORMATS.medium),
      'passed flow',
      '3 (2 / 1)',
    ]);
    expect(cellTexts(second as HTMLElement)[0]).toBe('Newer');

    await view.user.click(screen.getByRole('button', { name: 'Export CSV of Collection summary' }));
    const [fileName, lines] = await savedCsv();
    expect(fileName).toBe('collection-summary.csv');
    expect(lines[0]).toBe('Name,Tags,Version,Created By,Created Date,Updated By,Updated Date,Collection status,Runs (Passed / Failed)');
    expect(lines[1]).toMatch(/^Older,smoke,v2\.0,Ada Admin,"Jan 1, 2026, /);
    expect(lines).toHaveLength(3);
  });

  it('shows the server message when the summary cannot be loaded', async () => {
    const view = renderOperations({ failures: { testSuiteSummary: { status: 409, message: 'Summary service busy' } } });
    await openTab(view, 'Collection Details');
    await search(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Summary service busy');
  });

  it('shows the summary fallback when the server gives no message', async () => {
    const view = renderOperations({ failures: { testSuiteSummary: { status: 409, message: '' } } });
    await openTab(view, 'Collection Details');
    await search(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load Collection summary data, please try again');
  });
});

describe('Schedule Details', () => {
  beforeEach(() => vi.mocked(saveBlob).mockClear());

  it('lists firings latest start first, opens a firing by its schedule name and exports without the id column', async () => {
    const earlier = makeScheduleSummaryRow({ id: 'firing-a', scheduleName: 'Morning', startTime: DateTime.now().minus({ hours: 5 }).toISO() ?? '' });
    const later = makeScheduleSummaryRow({
      id: 'firing-b',
      scheduleName: 'Nightly',
      collectionTags: ['smoke'],
      versionTags: ['v2.0'],
      status: 'FAILED',
      passed: 1,
      failed: 1,
      cancelledBy: 'Bob',
      startTime: DateTime.now().minus({ hours: 1 }).toISO() ?? '',
    });
    const view = renderOperations({ scheduleSummary: [earlier, later], scheduleQueue: <p>The schedule queue</p> });
    const panel = await openTab(view, 'Schedule Details');
    expect(within(panel).getByText('The schedule queue')).toBeInTheDocument();
    await search(view);
    expect(await screen.findByText('2 total')).toBeInTheDocument();
    expect(within(screen.getByRole('grid', { name: 'Schedule summary' })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Schedule Name',
      'Tags',
      'Versions',
      'Status',
      'Start Time',
      'Passed / Failed / Total',
      'Cancelled By',
      'Created By',
      'Created Date',
      'Updated By',
      'Updated Date',
      'Id',
    ]);
    const [first] = bodyRows('Schedule summary');
    expect(cellTexts(first as HTMLElement).slice(0, 7)).toEqual(['Nightly', 'smoke', 'v2.0', 'FAILED', formatDate(later.startTime, DATE_FORMATS.medium), '1 / 1 / 2', 'Bob']);
    expect(cellTexts(first as HTMLElement)[11]).toBe('firing-b');

    await view.user.click(screen.getByRole('button', { name: 'Nightly' }));
    expect(await screen.findByText('Firing firing-b')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Export CSV of Schedule summary' }));
    const [fileName, lines] = await savedCsv();
    expect(fileName).toBe('schedule-summary.csv');
    expect(lines[0]).toBe('Schedule Name,Tags,Versions,Status,Start Time,Passed / Failed / Total,Cancelled By,Created By,Created Date,Updated By,Updated Date');
    expect(lines.join('\n')).not.toContain('firing-');
  });

  it('needs both dates, and shows the summary fallback when the server gives no message', async () => {
    const view = renderOperations({ failures: { scheduleSummary: { status: 409, message: '' } } });
    const panel = await openTab(view, 'Schedule Details');
    await view.user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(within(panel).getAllByText('Required')).toHaveLength(2);
    expect(view.backend.calls.scheduleSummaries).toHaveLength(0);
    await search(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load Collection summary data, please try again');
  });
});
