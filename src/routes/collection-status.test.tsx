import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeLastExecuted, makeRunDetails, makeRunningCollection, serveRunDetails, serveRunningTabData, failureLabelsBackend, type RunningTabState } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import { POLL } from '../shared/constants';

afterEach(() => {
  vi.useRealTimers();
});

describe('collection status sidebar composed with the run panels and the report', () => {
  it('fills the panels from the poll and hides the toggle while a collection runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state: RunningTabState = { running: [], lastExecuted: [makeLastExecuted({ testSuiteName: 'Nightly', passed: 2, failed: 1 })] };
    server.use(serveRunningTabData(state).handler);
    signInAs(['STUDIO']);
    const { user } = renderApp('/studio-app');
    await user.click(await screen.findByRole('button', { name: 'Collection status' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Collection status' });
    const lastCompleted = within(sidebar).getByRole('region', { name: 'Last Collection Completed' });
    expect(await within(lastCompleted).findByText('Nightly')).toBeInTheDocument();
    expect(await within(sidebar).findByText('No collection is running.')).toBeInTheDocument();

    state.running = [makeRunningCollection({ testSuiteName: 'Checkout collection' })];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    const running = within(sidebar).getByRole('region', { name: 'Currently Running' });
    expect(await within(running).findByRole('listitem', { name: 'Checkout collection' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collection status' })).toBeNull();

    state.running = [];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    expect(await screen.findByRole('button', { name: 'Collection status' })).toBeInTheDocument();
  });

  it('opens the collection report from the Last Collection Completed report button', async () => {
    const details = makeRunDetails({ testSuiteName: 'Nightly' });
    server.use(
      serveRunningTabData({ running: [], lastExecuted: [makeLastExecuted({ testSuiteName: 'Nightly', testStatusId: details.statusId })] }).handler,
      serveRunDetails(details),
      ...failureLabelsBackend().handlers,
    );
    serveConfig({ statusBar: { enabled: true, lastCollectionDetail: { reportLink: { enabled: true } } } });
    signInAs(['STUDIO']);
    const { user } = renderApp('/studio-app');
    await user.click(await screen.findByRole('button', { name: 'Collection status' }));
    await user.click(await screen.findByRole('button', { name: 'Report of Nightly' }));
    const report = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(report).findByRole('grid', { name: 'Flow details' })).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Collection Report' })).toBeNull();
  });
});
