import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../tests/msw/handlers';
import { failureLabelsBackend, makeLastExecuted, makeRunDetails, makeRunningCollection, serveRunDetails, serveRunningTabData, type RunningTabState } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { makeCollection, studioBackend } from '../../tests/msw/studio-handlers';
import { renderApp, signInAs } from '../../tests/support/render-app';
import { newFlow } from '../features/studio/collection-document';
import { POLL } from '../shared/constants';
import { RUN_MESSAGES } from '../shared/contracts/runs';
import { endpoints } from '../shared/endpoints';
import { toastQueue } from '../ui/toast-queue';

afterEach(() => {
  studioBackend.reset();
  act(() => toastQueue.clear());
  vi.useRealTimers();
});

describe("the Studio's Run and steps (issue 19)", () => {
  it('opens the status sidebar with the run at once, keeps it open after the run, and ends with a toast that opens the report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    studioBackend.add(makeCollection({ testSuiteName: 'Nightly' }));
    const details = makeRunDetails({ testSuiteName: 'Nightly' });
    const state: RunningTabState = { running: [], lastExecuted: [] };
    const triggered: string[] = [];
    server.use(
      serveRunningTabData(state).handler,
      serveRunDetails(details),
      ...failureLabelsBackend().handlers,
      // The run the trigger names is the one the status feed then shows and whose report opens.
      http.get(anyOrigin(endpoints.runs.trigger), ({ request }) => {
        triggered.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json({ status: true, message: RUN_MESSAGES.executed, data: { statusId: details.statusId } });
      }),
    );
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    await user.click(await screen.findByRole('button', { name: /Collection$/ }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();

    state.running = [makeRunningCollection({ testSuiteName: 'Nightly', statusId: details.statusId })];
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(triggered).toHaveLength(1);
    const sidebar = await screen.findByRole('complementary', { name: 'Collection status' });
    expect(await within(within(sidebar).getByRole('region', { name: 'Currently Running' })).findByRole('listitem', { name: 'Nightly' })).toBeInTheDocument();

    state.running = [];
    state.lastExecuted = [makeLastExecuted({ testSuiteName: 'Nightly', testStatusId: details.statusId })];
    await act(() => vi.advanceTimersByTimeAsync(POLL.runningCollectionsMs));
    const toast = await screen.findByRole('alertdialog', { name: /Nightly: FAILED/ });
    // The sidebar the Run opened stays open: Last Collection Completed shows the result.
    expect(await within(within(sidebar).getByRole('region', { name: 'Last Collection Completed' })).findByText('Nightly')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collection status' })).toHaveTextContent('Collection status');
    await user.click(within(toast).getByRole('button', { name: 'Open report' }));
    expect(await screen.findByRole('dialog', { name: 'Collection Report' })).toBeInTheDocument();
  });

  it('shows step names, targets and values in text areas that keep them on one line', async () => {
    const flow = newFlow('testCases', 1);
    const long = 'Open the demo application sign-in page and wait until the form is there';
    const collection = studioBackend.add(makeCollection({ testSuiteName: 'Long steps', testCases: [{ ...flow, steps: [] }] }));
    signInAs(['STUDIO']);
    const { user } = renderApp('/automation-studio');
    await user.click(await screen.findByRole('button', { name: /Collection$/ }));
    await user.click(await screen.findByRole('option', { name: collection.testSuiteName }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: /^Add step to / }));
    const step = screen.getByRole('listitem', { name: 'Step 1' });
    const name = within(step).getByRole('textbox', { name: 'Step name' });
    expect(name.tagName).toBe('TEXTAREA');
    await user.clear(name);
    await user.paste(`${long}\n!`);
    expect(name).toHaveValue(`${long} !`);
    await user.type(name, '{Enter}?');
    expect(name).toHaveValue(`${long} ! ?`);
    expect(within(step).getByRole('textbox', { name: 'Value' }).tagName).toBe('TEXTAREA');
    expect(within(step).getByRole('textbox', { name: 'Target' }).tagName).toBe('TEXTAREA');
  });
});
