import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeLastExecuted, makeRunningCollection, serveRunningTabData, type RunningTabState } from '../../../../tests/msw/runs-handlers';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { POLL } from '../../../shared/constants';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { runStarted } from '../api/run-started';
import { RecentResults } from './RecentResults';
import { RunEndNotifier } from './RunEndNotifier';
import { RunningCollectionsPanel } from './RunningCollectionsPanel';

function renderWithClient(children: ReactNode) {
  signInAs(['STUDIO']);
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

afterEach(() => {
  act(() => toastQueue.clear());
  vi.useRealTimers();
});

describe('a run started from this tab', () => {
  it('shows in Currently Running as soon as the trigger answers, not at the next 5 s poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state: RunningTabState = { running: [], lastExecuted: [] };
    const served = serveRunningTabData(state);
    server.use(served.handler);
    const { queryClient } = renderWithClient(<RunningCollectionsPanel />);
    expect(await screen.findByText('No collection is running.')).toBeInTheDocument();
    const run = makeRunningCollection({ testSuiteName: 'Demo_Sign_In' });
    state.running = [run];
    const startedAt = Date.now();
    await act(() => runStarted(queryClient, run.statusId));
    expect(await screen.findByRole('listitem', { name: 'Demo_Sign_In' })).toBeInTheDocument();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(served.calls.count).toBe(2);
  });

  it.each([
    ['PASSED', 'ui-toast--success'],
    ['FAILED', 'ui-toast--error'],
  ] as const)("ends with a %s toast whose 'Open report' opens its report, announced in the toast region", async (testStatus, toneClass) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const run = makeRunningCollection({ testSuiteName: 'Demo_Sign_In' });
    const state: RunningTabState = { running: [run], lastExecuted: [] };
    server.use(serveRunningTabData(state).handler);
    const opened: string[] = [];
    const { queryClient } = renderWithClient(<RunEndNotifier onOpenReport={(statusId) => opened.push(statusId)} />);
    await act(() => runStarted(queryClient, run.statusId));

    state.running = [];
    state.lastExecuted = [makeLastExecuted({ testSuiteName: 'Demo_Sign_In', testStatusId: run.statusId, testStatus, isFailed: testStatus === 'FAILED' })];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    const region = await screen.findByRole('region', { name: /notification/i });
    const message = await within(region).findByText(`Demo_Sign_In: ${testStatus}`);
    expect(message.closest('.ui-toast')).toHaveClass(toneClass);
    // A toast with an action waits for the user: it is still there long after an ordinary toast would have gone.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await userEvent.click(within(region).getByRole('button', { name: 'Open report' }));
    expect(opened).toEqual([run.statusId]);
    expect(screen.queryByText(`Demo_Sign_In: ${testStatus}`)).toBeNull();
  });

  it('tells the end of a run once, and says nothing of runs started elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mine = makeLastExecuted({ testSuiteName: 'Mine', testStatus: 'PASSED', isFailed: false });
    const state: RunningTabState = { running: [], lastExecuted: [] };
    server.use(serveRunningTabData(state).handler);
    const { queryClient } = renderWithClient(<RunEndNotifier onOpenReport={() => undefined} />);
    state.lastExecuted = [mine, makeLastExecuted({ testSuiteName: 'Scheduled elsewhere' })];
    await act(() => runStarted(queryClient, mine.testStatusId));
    expect(await screen.findByText('Mine: PASSED')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * POLL.runningCollectionsMs));
    expect(screen.getAllByText('Mine: PASSED')).toHaveLength(1);
    expect(screen.queryByText(/Scheduled elsewhere/)).toBeNull();
  });
});

describe('RecentResults', () => {
  it('lists the last completed runs with their results and a report button each', async () => {
    const runs = [
      makeLastExecuted({ testSuiteName: 'Nightly', testStatus: 'FAILED', isFailed: true, passed: 1, failed: 2 }),
      makeLastExecuted({ testSuiteName: 'Demo_Sign_In', testStatus: 'PASSED', isFailed: false, passed: 1, failed: 0 }),
    ];
    server.use(serveRunningTabData({ running: [], lastExecuted: runs }).handler);
    const opened: string[] = [];
    renderWithClient(<RecentResults onOpenReport={(statusId) => opened.push(statusId)} />);
    const list = await screen.findByRole('list', { name: 'Recent results' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Nightly FAILED', 'Demo_Sign_In PASSED']);
    expect(within(list).getByRole('listitem', { name: 'Nightly FAILED' })).toHaveTextContent('1 passed, 2 failed');
    await userEvent.click(within(list).getByRole('button', { name: /^Report of Demo_Sign_In/ }));
    expect(opened).toEqual(runs.filter((run) => run.testSuiteName === 'Demo_Sign_In').map((run) => run.testStatusId));
  });

  it('says so when nothing has completed yet', async () => {
    server.use(serveRunningTabData({ running: [], lastExecuted: [] }).handler);
    renderWithClient(<RecentResults onOpenReport={() => undefined} />);
    expect(await screen.findByText('No collection has completed yet.')).toBeInTheDocument();
  });
});
