import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveFlowHistory } from '../../tests/msw/flakiness-handlers';
import { failureLabelsBackend, makeLastExecuted, makeRunDetails, serveRunDetails, serveRunningTabData, type RunningTabState } from '../../tests/msw/runs-handlers';
import { runsKeys } from '../features/runs/api/runs-keys';
import { server } from '../../tests/msw/server';
import { makeCollection, studioBackend } from '../../tests/msw/studio-handlers';
import { renderApp, signInAs } from '../../tests/support/render-app';
import { toastQueue } from '../ui/toast-queue';

afterEach(() => {
  studioBackend.reset();
  act(() => toastQueue.clear());
});

describe("the Studio's flow history (issue 29)", () => {
  it("shows an opened collection's flows with their strips, and a mark opens that run's report over the Studio", async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    const details = makeRunDetails({ testSuiteName: 'Nightly' });
    server.use(
      serveRunDetails(details),
      ...failureLabelsBackend().handlers,
      serveFlowHistory([
        { flowId: 'flow-1', flowName: 'Sign in', results: [{ statusId: details.statusId, time: '2026-03-05T12:05:00.000Z', result: 'FAILED' }] },
        { flowId: 'flow-2', flowName: 'Never ran', results: [] },
      ]),
    );
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    await user.click(await screen.findByRole('button', { name: /Collection$/ }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const history = await screen.findByRole('region', { name: 'Flow history' });
    expect(within(history).getByRole('heading', { level: 2, name: 'Flow history' })).toBeInTheDocument();
    const mark = await within(history).findByRole('link', { name: new RegExp(`^Failed, Mar 5, 2026, .*, run ${details.statusId}$`) });
    expect(within(history).getByText('No finished runs yet')).toBeInTheDocument();
    mark.focus();
    await user.keyboard('{Enter}');
    const report = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(report).findByText(details.collectionId)).toBeInTheDocument();
  });

  it('adds the mark of a run that ends while the collection is open', async () => {
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    const first = { statusId: 'run-1', time: '2026-03-05T12:05:00.000Z', result: 'PASSED' as const };
    const second = { statusId: 'run-2', time: '2026-03-05T13:05:00.000Z', result: 'FAILED' as const };
    const state: RunningTabState = { running: [], lastExecuted: [makeLastExecuted({ testStatusId: first.statusId, testSuiteName: 'Nightly' })] };
    server.use(serveRunningTabData(state).handler, serveFlowHistory([{ flowId: 'flow-1', flowName: 'Sign in', results: [first] }]));
    signInAs(['STUDIO']);
    const { user, queryClient } = renderApp('/automation-studio');
    await user.click(await screen.findByRole('button', { name: /Collection$/ }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const strip = await screen.findByRole('group', { name: 'History of Sign in' });
    await within(strip).findByRole('link', { name: /run run-1$/ });

    // The run ends: the server's history has its mark, and the sidebar's next poll tells of it.
    server.use(serveFlowHistory([{ flowId: 'flow-1', flowName: 'Sign in', results: [first, second] }]));
    state.lastExecuted = [makeLastExecuted({ testStatusId: second.statusId, testSuiteName: 'Nightly' }), ...state.lastExecuted];
    await act(() => queryClient.refetchQueries({ queryKey: runsKeys.runningTabData() }));

    expect(await within(strip).findByRole('link', { name: /^Failed, .*run run-2$/ })).toBeInTheDocument();
  });
});
