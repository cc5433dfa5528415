import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeLastExecuted, makeRunningCollection, serveCancelRunning, serveRunningTabData, type RunningTabState } from '../../../../tests/msw/runs-handlers';
import { server } from '../../../../tests/msw/server';
import { pollLink } from '../../../../tests/support/poll-link';
import { signInAs } from '../../../../tests/support/render-app';
import { restoreVisibility, setVisibility } from '../../../../tests/support/visibility';
import { createQueryClient } from '../../../lib/query-client';
import { POLL } from '../../../shared/constants';
import type { StudioConfig } from '../../../shared/config';
import { endpoints } from '../../../shared/endpoints';
import { ToastRegion } from '../../../ui/Toast';
import { CollectionProgressWatcher } from './CollectionProgressWatcher';
import { LastCompletedPanel } from './LastCompletedPanel';
import { RunningCollectionsPanel } from './RunningCollectionsPanel';
import { waitUntil } from '../../../../tests/support/wait';

function renderWithClient(children: ReactNode) {
  signInAs([]);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {children}
      <ToastRegion />
    </QueryClientProvider>,
  );
}

function serve(state: RunningTabState) {
  const served = serveRunningTabData(state);
  server.use(served.handler);
  return served.calls;
}

const REPORT_LINK_ON: StudioConfig = { statusBar: { enabled: true, lastCollectionDetail: { reportLink: { enabled: true } } } };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  restoreVisibility();
});

describe('Currently Running panel', () => {
  it('shows each running collection with its flow and step progress and the current flow name', async () => {
    serve({ running: [makeRunningCollection({ testSuiteName: 'Checkout collection' })], lastExecuted: [] });
    renderWithClient(<RunningCollectionsPanel />);
    const item = await screen.findByRole('listitem', { name: 'Checkout collection' });
    expect(within(item).getByText('Sign in flow')).toBeInTheDocument();
    expect(within(item).getByRole('progressbar', { name: 'Flows 1/2' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(item).getByRole('progressbar', { name: 'Steps 1/4' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('shows a queued collection without progress bars', async () => {
    serve({ running: [makeRunningCollection({ testSuiteName: 'Waiting', result: 'QUEUED' })], lastExecuted: [] });
    renderWithClient(<RunningCollectionsPanel />);
    const item = await screen.findByRole('listitem', { name: 'Waiting' });
    expect(within(item).getByText('Queued')).toBeInTheDocument();
    expect(within(item).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says why a queued collection waits when no resource could take it', async () => {
    const queueHint = 'No Mobile, Desktop or Browser resource is registered: the run waits in the queue until one is.';
    serve({ running: [makeRunningCollection({ testSuiteName: 'Stuck', result: 'QUEUED', queueHint })], lastExecuted: [] });
    renderWithClient(<RunningCollectionsPanel />);
    const item = await screen.findByRole('listitem', { name: 'Stuck' });
    expect(within(item).getByText(queueHint)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Cancel Stuck' })).toBeEnabled();
  });

  it('polls every 5 s, and through failed polls keeps the last answer silently, marked amber then red, backing off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Full jitter drawn at its top: the waits are period × 2^n (capped at 60 s), less a millisecond.
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const state: RunningTabState = { running: [makeRunningCollection({ testSuiteName: 'First' })], lastExecuted: [] };
    const link = pollLink(endpoints.runs.runningTabData);
    const served = serveRunningTabData(state);
    server.use(link.handler, served.handler);
    renderWithClient(<RunningCollectionsPanel />);
    expect(await screen.findByRole('listitem', { name: 'First' })).toBeInTheDocument();
    expect(screen.getByText('updated 0 s ago')).toHaveAttribute('data-freshness', 'fresh');

    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs + 9_999 + 19_999));
    expect(link.gapsInSeconds()).toEqual([5, 10, 20]);
    expect(screen.getByRole('listitem', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/^updated \d+ s ago$/)).toHaveAttribute('data-freshness', 'stale');

    link.state = 'offline';
    await act(() => vi.advanceTimersByTimeAsync(39_999));
    expect(link.gapsInSeconds().at(-1)).toBe(40);
    expect(screen.getByText(/^updated \d+ s ago$/)).toHaveAttribute('data-freshness', 'late');
    expect(screen.getByRole('listitem', { name: 'First' })).toBeInTheDocument();

    // The first success brings the new answer, a fresh mark and the 5 s period back.
    link.state = 'up';
    state.running = [makeRunningCollection({ testSuiteName: 'Second' })];
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(await screen.findByRole('listitem', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('updated 0 s ago')).toHaveAttribute('data-freshness', 'fresh');
    await act(() => vi.advanceTimersByTimeAsync(2 * POLL.runningCollectionsMs));
    expect(link.gapsInSeconds().slice(-2)).toEqual([5, 5]);
    expect(served.calls.count).toBe(4);
  });

  it('does not poll while the tab is hidden, and refreshes when it is shown again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state: RunningTabState = { running: [makeRunningCollection({ testSuiteName: 'First' })], lastExecuted: [] };
    const served = serveRunningTabData(state);
    server.use(served.handler);
    renderWithClient(<RunningCollectionsPanel />);
    expect(await screen.findByRole('listitem', { name: 'First' })).toBeInTheDocument();

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(4 * POLL.runningCollectionsMs));
    expect(served.calls.count).toBe(1);

    state.running = [makeRunningCollection({ testSuiteName: 'Second' })];
    setVisibility('visible');
    expect(await screen.findByRole('listitem', { name: 'Second' })).toBeInTheDocument();
    expect(served.calls.count).toBe(2);
  });

  it("stops a collection: 'The execution of collection id {id} was stopped!'", async () => {
    const run = makeRunningCollection({ testSuiteName: 'Checkout collection' });
    const state: RunningTabState = { running: [run], lastExecuted: [] };
    serve(state);
    const cancel = serveCancelRunning(state);
    server.use(cancel.handler);
    renderWithClient(<RunningCollectionsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Checkout collection' }));
    expect(await screen.findByText(`The execution of collection id ${run.id} was stopped!`)).toBeInTheDocument();
    expect(cancel.cancelled).toEqual([run.statusId]);
    expect(await screen.findByText('No collection is running.')).toBeInTheDocument();
  });

  it("reports a failed stop once prefixed: 'Error stopping the collection! {message}'", async () => {
    const run = makeRunningCollection({ testSuiteName: 'Checkout collection' });
    const state: RunningTabState = { running: [run], lastExecuted: [] };
    serve(state);
    server.use(serveCancelRunning(state, new Map([[run.statusId, 'PASSED']])).handler);
    renderWithClient(<RunningCollectionsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Checkout collection' }));
    const toastText = await screen.findByText(/^Error stopping the collection!/);
    expect(toastText).toHaveTextContent(/^Error stopping the collection! The run already ended \(PASSED\)\.$/);
  });
});

describe('Last Collection Completed panel', () => {
  it('shows the passed and failed counts and the failed flows of the newest run', async () => {
    serve({ running: [], lastExecuted: [makeLastExecuted({ testSuiteName: 'Nightly', passed: 4, failed: 1 }), makeLastExecuted({ testSuiteName: 'Older' })] });
    renderWithClient(<LastCompletedPanel config={{}} onOpenReport={() => undefined} />);
    expect(await screen.findByText('Nightly')).toBeInTheDocument();
    expect(screen.getByText('updated 0 s ago')).toHaveAttribute('data-freshness', 'fresh');
    expect(screen.queryByText('Older')).not.toBeInTheDocument();
    expect(screen.getByText('Passed').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Failed').nextSibling).toHaveTextContent('1');
    // The step by its name, not its id (a UUID for steps made in the Studio).
    const failedFlow = within(screen.getByRole('list', { name: 'Failed flows' })).getByRole('listitem');
    expect(failedFlow).toHaveTextContent('Pay by card: failed at “Enter the card number”');
    expect(failedFlow).not.toHaveTextContent('d1bd3a60');
  });

  it.each<[string, StudioConfig]>([
    ['no status bar flags', {}],
    ['the status bar without the report link', { statusBar: { enabled: true } }],
    ['the report link without the status bar', { statusBar: { enabled: false, lastCollectionDetail: { reportLink: { enabled: true } } } }],
  ])('offers no report button with %s', async (_, config) => {
    serve({ running: [], lastExecuted: [makeLastExecuted({ testSuiteName: 'Nightly' })] });
    renderWithClient(<LastCompletedPanel config={config} onOpenReport={() => undefined} />);
    expect(await screen.findByText('Nightly')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
  });

  it('opens the report of the run when both flags are on', async () => {
    const last = makeLastExecuted({ testSuiteName: 'Nightly' });
    serve({ running: [], lastExecuted: [last] });
    const opened: string[] = [];
    renderWithClient(<LastCompletedPanel config={REPORT_LINK_ON} onOpenReport={(statusId) => opened.push(statusId)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report of Nightly' }));
    expect(opened).toEqual([last.testStatusId]);
  });
});

describe('CollectionProgressWatcher', () => {
  it('tells whether a collection is in progress after each poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state: RunningTabState = { running: [makeRunningCollection()], lastExecuted: [] };
    serve(state);
    const reports: boolean[] = [];
    renderWithClient(<CollectionProgressWatcher onInProgressChange={(value) => reports.push(value)} />);
    await waitUntil(() => expect(reports.at(-1)).toBe(true));
    state.running = [];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    await waitUntil(() => expect(reports.at(-1)).toBe(false));
  });
});
