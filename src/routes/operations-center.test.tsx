import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { controlRoomBackend, makeQueuedSchedule, makeTestSuiteExecution } from '../../tests/msw/control-room';
import { makeHistoryRow, makeScheduleSummaryRow, operationsBackend, type OperationsBackendOptions } from '../../tests/msw/operations';
import { failureLabelsBackend, makeRunDetails, serveRunDetails } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { studioBackend } from '../../tests/msw/studio-handlers';
import { currentPath, renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import type { Permission } from '../shared/permissions';
import { layOutTables, pickDay } from '../features/operations/testing';

function openOperations(path: string, features: readonly Permission[], options: OperationsBackendOptions = {}) {
  studioBackend.reset();
  signInAs(features);
  const backend = operationsBackend(options);
  server.use(...backend.handlers);
  return { ...renderApp(path), backend };
}

layOutTables();

describe('Operations Centre routes', () => {
  it('sends a user without OPERATIONS_CENTER home', async () => {
    const { router } = openOperations('/operations-center', ['STUDIO']);
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('shows the page under OPERATIONS CENTRE with its four tabs', async () => {
    openOperations('/operations-center', ['OPERATIONS_CENTER']);
    expect(await screen.findByRole('heading', { level: 1, name: 'OPERATIONS CENTRE' })).toBeInTheDocument();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Execution Details', 'Collection Details', 'Schedule Details', 'Flaky Flows']);
  });

  it('sends OperationsCenter.newUI false to the old-UI route, which shows the same page as Operations Centre', async () => {
    serveConfig({ OperationsCenter: { newUI: false } });
    const { router } = openOperations('/operations-center', ['OPERATIONS_CENTER']);
    await waitFor(() => expect(currentPath(router)).toBe('/automation-operations-center'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations Centre' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Execution Details' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Operations Centre | Studio'));
  });

  it('opens the collection report of a run from its name', async () => {
    const run = makeHistoryRow({ testSuiteName: 'Demo_Wrong_Assertion' });
    const details = makeRunDetails({ statusId: run.statusId, testSuiteName: 'Demo_Wrong_Assertion' });
    server.use(serveRunDetails(details), ...failureLabelsBackend([], [details]).handlers);
    const { user } = openOperations('/operations-center', ['OPERATIONS_CENTER'], { history: [run] });
    await user.click(await screen.findByRole('button', { name: 'Demo_Wrong_Assertion' }));
    const report = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect((await within(report).findAllByText('Pay by card')).length).toBeGreaterThan(0);
    expect(within(report).getByRole('button', { name: 'Export HTML' })).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'View Logs' })).toBeInTheDocument();
  });

  it("opens the Control Room's Collection Execution modal of a firing, fed by scheduleSummaryDetail, and keeps the schedule queue for CONTROL_ROOM", async () => {
    const firing = makeScheduleSummaryRow({ id: 'firing-1', scheduleName: 'Nightly' });
    const execution = { id: 'firing-1', scheduleId: firing.scheduleId, kind: 'SCHEDULED' as const, plannedAt: 0, triggeredAt: Date.now(), status: 'COMPLETED' as const, totalCollections: 1, notes: [] };
    server.use(...controlRoomBackend({ queue: [makeQueuedSchedule({ name: 'Queued nightly' })] }).handlers);
    const { user } = openOperations('/operations-center', ['OPERATIONS_CENTER', 'CONTROL_ROOM'], {
      scheduleSummary: [firing],
      firings: { 'firing-1': { execution, scheduleName: 'Nightly', collections: [makeTestSuiteExecution({ testSuiteName: 'Demo_Sign_In' })] } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Schedule Details' }));
    expect(await screen.findByRole('button', { name: 'Queued nightly' })).toBeInTheDocument();
    await pickDay(user, 'Start Date', DateTime.now().minus({ days: 1 }));
    await pickDay(user, 'End Date', DateTime.now());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Nightly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collection Execution' });
    expect(await within(dialog).findByRole('rowheader', { name: 'Demo_Sign_In' })).toBeInTheDocument();
  });

  it('leaves the schedule queue out without CONTROL_ROOM', async () => {
    const { user } = openOperations('/operations-center', ['OPERATIONS_CENTER']);
    await user.click(await screen.findByRole('tab', { name: 'Schedule Details' }));
    expect(await screen.findByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Queued schedules' })).toBeNull();
  });
});
