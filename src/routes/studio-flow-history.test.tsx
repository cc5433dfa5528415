import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { serveFlowHistory } from '../../tests/msw/flakiness-handlers';
import { failureLabelsBackend, makeRunDetails, serveRunDetails } from '../../tests/msw/runs-handlers';
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
});
