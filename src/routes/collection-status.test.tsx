import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeLastExecuted, makeRunDetails, makeRunningCollection, serveRunDetails, serveRunningTabData, failureLabelsBackend, type RunningTabState } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import { POLL } from '../shared/constants';
import { endpoints } from '../shared/endpoints';

afterEach(() => {
  vi.useRealTimers();
});

describe('collection status sidebar composed with the run panels and the report', () => {
  it('fills the panels from the poll and keeps the toggle while a collection runs', async () => {
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
    // The toggle stays while the collection runs (issue 27): the user may close the sidebar at any time.
    expect(screen.getByRole('button', { name: 'Collection status' })).toHaveAttribute('aria-pressed', 'true');

    state.running = [];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    expect(await within(running).findByText('No collection is running.')).toBeInTheDocument();
  });

  it('reads getStatus once per period for the import/export and recording features together', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let statusReads = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === endpoints.importExport.status) statusReads += 1;
    };
    server.events.on('request:start', count);
    signInAs(['STUDIO', 'RECORD_PLAYBACK']);
    const { user } = renderApp('/studio-app');
    await user.click(await screen.findByRole('button', { name: 'Collection status' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Collection status' });
    expect(await within(sidebar).findByText('No recorded collection yet.')).toBeInTheDocument();
    await waitFor(() => expect(statusReads).toBeGreaterThan(0));

    const before = statusReads;
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.pendingImportsMs));
    // Two features each polling for themselves made six reads in three periods.
    expect(statusReads - before).toBeGreaterThanOrEqual(3);
    expect(statusReads - before).toBeLessThanOrEqual(4);
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
