import { act, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { makeQueuedRun } from '../../../../tests/msw/operations';
import { pollLink, usePollingClock } from '../../../../tests/support/poll-link';
import { DATE_FORMATS, formatDate } from '../../../lib/dates';
import { POLL } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { bodyRows, cellTexts, layOutTables, renderOperations } from '../testing';

const LABEL = 'Queued collections';
const queueSection = () => screen.getByRole('heading', { name: 'Queue' }).closest('section') as HTMLElement;
const ago = (minutes: number) => DateTime.now().minus({ minutes }).toISO() ?? '';

layOutTables();

describe('Execution Details queue', () => {
  it('lists queued runs newest trigger first with resource names', async () => {
    const older = makeQueuedRun({ testSuiteName: 'Older', timeTriggered: ago(10), devices: ['pixel-7'] });
    const newer = makeQueuedRun({ testSuiteName: 'Newer', timeTriggered: ago(1), devices: ['browser-1', 'unknown-1'] });
    renderOperations({ queue: [older, newer] });
    await waitFor(() => expect(bodyRows(LABEL)).toHaveLength(2));
    expect(within(screen.getByRole('grid', { name: LABEL })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Collection Name',
      'Resource(s)',
      'Time Triggered',
      'Actions',
    ]);
    await waitFor(() => expect(cellTexts(bodyRows(LABEL)[0] as HTMLElement).slice(0, 3)).toEqual(['Newer', 'Browser 1, unknown-1', formatDate(newer.timeTriggered, DATE_FORMATS.medium)]));
    expect(cellTexts(bodyRows(LABEL)[1] as HTMLElement)[0]).toBe('Older');
  });

  it('cancels one run after the confirmation, removes it and says so', async () => {
    const run = makeQueuedRun({ testSuiteName: 'Demo_Sign_In' });
    const { backend, user } = renderOperations({ queue: [run, makeQueuedRun({ testSuiteName: 'Other', timeTriggered: ago(5) })] });
    await user.click(await screen.findByRole('button', { name: 'Cancel Demo_Sign_In' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Please confirm..' });
    expect(confirm).toHaveTextContent('Do you want to cancel the queued collection?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Testsuite Execution Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Demo_Sign_In' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel Other' })).toBeInTheDocument();
    expect(backend.calls.cancels.map((form) => form.getAll('statusIds'))).toEqual([[run.id]]);
  });

  it('leaves the run when the confirmation is cancelled, and reports a failed cancel with the server message', async () => {
    const { backend, user } = renderOperations({ queue: [makeQueuedRun({ testSuiteName: 'Demo_Sign_In' })], failures: { cancel: { status: 409, message: 'The run has started' } } });
    await user.click(await screen.findByRole('button', { name: 'Cancel Demo_Sign_In' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls.cancels).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel Demo_Sign_In' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Error cancelling the collections! The run has started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Demo_Sign_In' })).toBeInTheDocument();
  });

  it('cancels all after the confirmation with all=true, and offers it only while runs wait', async () => {
    const { backend, user } = renderOperations({ queue: [makeQueuedRun({ testSuiteName: 'One' }), makeQueuedRun({ testSuiteName: 'Two' })] });
    await screen.findByRole('button', { name: 'Cancel One' });
    await user.click(within(queueSection()).getByRole('button', { name: 'Cancel all' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Please confirm..' });
    expect(confirm).toHaveTextContent('Do you want to cancel all the queued collections?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('All Testsuite Execution Cancelled')).toBeInTheDocument();
    expect(backend.calls.cancels.map((form) => form.toString())).toEqual(['all=true']);
    expect(await within(queueSection()).findByText('No data to display')).toBeInTheDocument();
    expect(within(queueSection()).getByRole('button', { name: 'Cancel all' })).toBeDisabled();
  });

  it('says when the queue never loaded', async () => {
    renderOperations({ failures: { queue: { status: 503, message: 'Queue unavailable' } } });
    expect(await within(queueSection()).findByRole('alert')).toHaveTextContent('Queue unavailable');
  });
});

describe('Execution Details queue polling', () => {
  usePollingClock(0.5);

  it('reads the queue at once and every 15 s, and keeps the last list through a failed refresh', async () => {
    const link = pollLink(endpoints.runs.queued);
    renderOperations({ before: [link.handler], queue: [makeQueuedRun({ testSuiteName: 'Waiting' })] });
    expect(await screen.findByRole('button', { name: 'Cancel Waiting' })).toBeInTheDocument();
    expect(link.requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2 * POLL.operationsQueueMs));
    expect(link.gapsInSeconds()).toEqual([15, 15]);

    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(POLL.operationsQueueMs));
    expect(link.requests).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Cancel Waiting' })).toBeInTheDocument();
    expect(within(queueSection()).queryByRole('alert')).toBeNull();
    expect(within(queueSection()).getByText(/^updated \d+ s ago$/)).toBeInTheDocument();
  });
});
