import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controlRoomBackend, makeSchedule } from '../../tests/msw/control-room';
import { makeDevice } from '../../tests/msw/resources-handlers';
import { failureLabelsBackend, makeLastExecuted, makeRunDetails, makeRunningCollection, serveRunDetails, serveRunningTabData, type RunningTabState } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { makeCollection, studioBackend } from '../../tests/msw/studio-handlers';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import { toastQueue } from '../ui/toast-queue';
import { MESSAGES } from '../shared/constants';
import { DEMO_PASSING_COLLECTION } from '../shared/demo-collections';

afterEach(() => {
  studioBackend.reset();
  act(() => toastQueue.clear());
});

const passed = (testSuiteName: string) => makeLastExecuted({ testSuiteName, testStatus: 'PASSED', isFailed: false, passed: 1, failed: 0 });

describe('landing page', () => {
  it("keeps the welcome text and, for a new organisation, offers 'Start here'; its Run starts the demo and shows it at once", async () => {
    const demo = studioBackend.add(makeCollection({ testSuiteName: DEMO_PASSING_COLLECTION }));
    const state: RunningTabState = { running: [], lastExecuted: [] };
    const served = serveRunningTabData(state);
    server.use(served.handler, ...controlRoomBackend().handlers);
    signInAs(['STUDIO', 'CONTROL_ROOM']);
    const { user } = renderApp('/');
    expect(await screen.findByRole('heading', { name: MESSAGES.welcome })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Start here' });
    expect(within(card).getByRole('link', { name: 'Open the Studio' })).toHaveAttribute('href', '/studio/automation-studio');
    expect(within(card).getByRole('link', { name: 'Make a schedule' })).toHaveAttribute('href', '/studio/control-room');
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();

    state.running = [makeRunningCollection({ testSuiteName: DEMO_PASSING_COLLECTION })];
    const pollsBefore = served.calls.count;
    await user.click(within(card).getByRole('button', { name: 'Run the demo collection' }));
    expect(studioBackend.triggered).toEqual([demo.id]);
    // The sidebar opens and Currently Running shows the run from a read made right after the trigger, not the 5 s poll.
    const sidebar = await screen.findByRole('complementary', { name: 'Collection status' });
    const running = within(sidebar).getByRole('region', { name: 'Currently Running' });
    expect(await within(running).findByRole('listitem', { name: DEMO_PASSING_COLLECTION })).toBeInTheDocument();
    expect(served.calls.count).toBeGreaterThan(pollsBefore);
    expect(within(screen.getByRole('region', { name: 'Running and queued' })).getByRole('listitem', { name: DEMO_PASSING_COLLECTION })).toBeInTheDocument();
  });

  it("says so when the demo collection is gone, and offers no schedule link without the Control Room", async () => {
    const state: RunningTabState = { running: [], lastExecuted: [passed('One'), passed('Two')] };
    server.use(serveRunningTabData(state).handler);
    signInAs(['STUDIO']);
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Start here' });
    expect(within(card).getByText(`The demo collection ${DEMO_PASSING_COLLECTION} is not in your collections any more.`)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Make a schedule' })).toBeNull();
  });

  it('lists the last five results with report buttons, and opens a report', async () => {
    const details = makeRunDetails({ testSuiteName: 'Nightly' });
    const results = [makeLastExecuted({ testSuiteName: 'Nightly', testStatusId: details.statusId }), passed('Two'), passed('Three')];
    server.use(serveRunningTabData({ running: [], lastExecuted: results }).handler, serveRunDetails(details), ...failureLabelsBackend().handlers);
    signInAs(['STUDIO']);
    const { user } = renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Last results' });
    expect(await within(recent).findAllByRole('button', { name: /^Report of / })).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Start here' })).toBeNull();
    await user.click(within(recent).getByRole('button', { name: /^Report of Nightly/ }));
    expect(await screen.findByRole('dialog', { name: 'Collection Report' })).toBeInTheDocument();
  });

  it('shows the next schedules, resources and health to those who may see them', async () => {
    const soon = Date.now() + 3_600_000;
    server.use(
      ...controlRoomBackend({
        schedules: [
          makeSchedule({ name: 'Later', executionTime: soon + 60_000, enabled: true }),
          makeSchedule({ name: 'Soon', executionTime: soon, enabled: true }),
          makeSchedule({ name: 'Switched off', executionTime: soon, enabled: false }),
        ],
      }).handlers,
    );
    studioBackend.devices = [makeDevice({ cmdDeviceType: 'BROWSER' }), makeDevice({ cmdDeviceType: 'BROWSER', deviceInUse: true }), makeDevice({ cmdDeviceType: 'MOBILE', pluggedIn: false })];
    serveConfig({ HealthStatus: { enabled: true } });
    signInAs(['CONTROL_ROOM', 'ORGANIZATIONS_MANAGEMENT']);
    renderApp('/');
    const schedules = await screen.findByRole('region', { name: 'Next schedules' });
    const items = await within(schedules).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.landing__name')?.textContent)).toEqual(['Soon', 'Later']);
    const resources = screen.getByRole('region', { name: 'Resources' });
    expect(await within(resources).findByText('1 available, 1 busy, 0 offline')).toBeInTheDocument();
    expect(within(resources).getByText('0 available, 0 busy, 1 offline')).toBeInTheDocument();
    expect(within(resources).getByRole('link', { name: 'Resource Management' })).toHaveAttribute('href', '/studio/configuration-management');
    expect(within(screen.getByRole('region', { name: 'Health' })).getByRole('region', { name: 'Service status' })).toBeInTheDocument();
    // Without the Studio, no run parts: the status feed and Run are the Studio's.
    expect(screen.queryByRole('region', { name: 'Start here' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Last results' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Running and queued' })).toBeNull();
  });

  it('shows only the welcome text to a user of none of these areas', async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: MESSAGES.welcome })).toBeInTheDocument();
    expect(screen.queryAllByRole('region', { name: /Start here|Running and queued|Last results|Next schedules|Resources|Health/ })).toEqual([]);
  });
});
