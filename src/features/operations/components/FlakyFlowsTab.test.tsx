import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { makeFlakyFlow, serveFlakyFlows } from '../../../../tests/msw/flaky-flows';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { saveBlob } from '../../../lib/save-blob';
import { endpoints } from '../../../shared/endpoints';
import { bodyRows, cellTexts, layOutTables, pickDay, renderOperations } from '../testing';

vi.mock('../../../lib/save-blob', () => ({ saveBlob: vi.fn() }));

const FLAKY = makeFlakyFlow({
  collectionName: '=HYPERLINK("http://evil.test")',
  flowName: 'Pay by card',
  flipRate: 2 / 3,
  flips: 2,
  failures: 1,
  runs: 4,
  lastFlip: '2026-03-05T12:05:00.000Z',
  results: [
    { statusId: 'run-1', time: '2026-03-05T10:00:00.000Z', result: 'PASSED' },
    { statusId: 'run-2', time: '2026-03-05T11:00:00.000Z', result: 'FAILED' },
    { statusId: 'run-3', time: '2026-03-05T12:05:00.000Z', result: 'PASSED' },
    { statusId: 'run-4', time: '2026-03-05T13:00:00.000Z', result: 'SKIPPED' },
  ],
  topSignatures: [{ signature: 'check: Element #pay not visible', count: 1 }],
});

async function openFlakyFlows(view: ReturnType<typeof renderOperations>) {
  await view.user.click(await screen.findByRole('tab', { name: 'Flaky Flows' }));
  return screen.getByRole('tabpanel');
}

layOutTables();

describe('Flaky Flows', () => {
  beforeEach(() => vi.mocked(saveBlob).mockClear());

  it('opens on the last 14 days and lists each flow with its figures, strip and top signatures', async () => {
    const ranges: { from: string; to: string }[] = [];
    const view = renderOperations({ before: [serveFlakyFlows([FLAKY], ranges)] });
    await openFlakyFlows(view);
    expect(await screen.findByText('1 total')).toBeInTheDocument();
    expect(ranges).toHaveLength(1);
    const today = DateTime.now();
    expect(DateTime.fromISO(ranges[0]?.from ?? '').toMillis()).toBe(today.minus({ days: 13 }).startOf('day').toMillis());
    expect(DateTime.fromISO(ranges[0]?.to ?? '').toMillis()).toBe(today.endOf('day').toMillis());

    const grid = screen.getByRole('grid', { name: 'Flaky flows' });
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Collection',
      'Flow',
      'Flip Rate',
      'Failures',
      'Runs',
      'Last Flip',
      'History',
      'Top Failure Signatures',
    ]);
    const [row] = bodyRows('Flaky flows');
    const texts = cellTexts(row as HTMLElement);
    expect(texts.slice(0, 6)).toEqual([FLAKY.collectionName, 'Pay by card', '66.7%', '1', '4', formatDate(FLAKY.lastFlip, DATE_FORMATS.medium)]);
    expect(texts[7]).toBe('check: Element #pay not visible (1)');
    const strip = within(grid).getByRole('group', { name: 'History of Pay by card' });
    expect(within(strip).getAllByRole('link')).toHaveLength(4);
  });

  it('opens a run report from the strip with the keyboard', async () => {
    const view = renderOperations({ before: [serveFlakyFlows([FLAKY])] });
    await openFlakyFlows(view);
    const strip = await screen.findByRole('group', { name: 'History of Pay by card' });
    const newest = within(strip).getByRole('link', { name: new RegExp('^Skipped, .*run run-4$') });
    newest.focus();
    await view.user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(strip).getByRole('link', { name: new RegExp('^Failed, .*run run-2$') })).toHaveFocus();
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText('Report of run-2')).toBeInTheDocument();
  });

  it('searches another range and exports CSV with formula cells escaped', async () => {
    const ranges: { from: string; to: string }[] = [];
    const view = renderOperations({ before: [serveFlakyFlows([FLAKY], ranges)] });
    const panel = await openFlakyFlows(view);
    await screen.findByText('1 total');
    const start = DateTime.now().minus({ days: 30 });
    await pickDay(view.user, 'Start Date', start);
    await view.user.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(ranges).toHaveLength(2));
    expect(DateTime.fromISO(ranges[1]?.from ?? '').toMillis()).toBe(start.startOf('day').toMillis());

    await view.user.click(screen.getByRole('button', { name: 'Export CSV of Flaky flows' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [fileName, blob] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(fileName).toBe('flaky-flows.csv');
    const lines = (await (blob as Blob).text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Collection,Flow,Flip Rate,Failures,Runs,Last Flip,History,Top Failure Signatures');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test""\)",Pay by card,66\.7%,1,4,"Mar 5, 2026, .*",PFPS,check: Element #pay not visible \(1\)$/);
  });

  it("says how many flows flipped when only the flakiest are listed", async () => {
    const view = renderOperations({
      before: [http.get(anyOrigin(endpoints.flakiness.flakyFlows), () => HttpResponse.json({ success: true, data: { flows: [FLAKY], total: 250 } }))],
    });
    await openFlakyFlows(view);
    expect(await screen.findByText('The 1 flakiest of 250')).toBeInTheDocument();
  });

  it("shows the server's refusal, and no export", async () => {
    const view = renderOperations({
      before: [
        http.get(anyOrigin(endpoints.flakiness.flakyFlows), () =>
          HttpResponse.json({ success: false, message: 'You do not have permission to access this resource.' }, { status: 403 }),
        ),
      ],
    });
    await openFlakyFlows(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to access this resource.');
    expect(screen.getByRole('button', { name: 'Export CSV of Flaky flows' })).toBeDisabled();
  });
});
