import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlRoomBackend, makeQueuedSchedule, makeTestSuiteExecution, type ControlRoomBackendOptions } from '../../../../tests/msw/control-room';
import { server } from '../../../../tests/msw/server';
import { makeTag, studioBackend } from '../../../../tests/msw/studio-handlers';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { ScheduleQueueTable } from './ScheduleQueueTable';

function renderQueue(options: ControlRoomBackendOptions) {
  toastQueue.clear();
  studioBackend.reset();
  studioBackend.tags = [makeTag({ id: 'smoke', tagName: 'smoke' }), makeTag({ id: 'v2', tagName: 'v2.0', tagType: 'VERSION_TAG' })];
  signInAs(['CONTROL_ROOM']);
  const backend = controlRoomBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScheduleQueueTable />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

async function findRow(name: string) {
  return (await screen.findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement;
}

describe('ScheduleQueueTable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows tags and versions by name, queued over total and the trigger time', async () => {
    const startTime = Date.UTC(2026, 2, 10, 9, 3, 1);
    renderQueue({ queue: [makeQueuedSchedule({ name: 'Nightly', collectionTags: ['smoke'], versionTags: ['v2'], collectionsInQueue: 2, totalCollections: 3, startTime })] });
    const row = await findRow('Nightly');
    expect(await within(row).findByText('smoke')).toBeInTheDocument();
    expect(await within(row).findByText('v2.0')).toBeInTheDocument();
    expect(within(row).getByText('2 / 3')).toBeInTheDocument();
    expect(within(row).getByText(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(startTime), { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Schedule Name',
      'Tags',
      'Versions',
      'Collection (Queued / Total)',
      'Time Triggered',
      'Actions',
    ]);
  });

  it('cancels after the confirmation and removes the item', async () => {
    const item = makeQueuedSchedule({ name: 'Nightly' });
    const { backend, user } = renderQueue({ queue: [item] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Cancel Nightly' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to stop schedule.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Schedule Execution Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Nightly' })).toBeNull());
    expect(backend.calls.cancels).toEqual([item.id]);
  });

  it('reports a failed cancel with the server message', async () => {
    const { user } = renderQueue({ queue: [makeQueuedSchedule({ name: 'Nightly' })], failures: { cancel: { status: 404, message: 'Queued schedule q1 not found' } } });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Cancel Nightly' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Error while cancelling the schedule execution! Queued schedule q1 not found')).toBeInTheDocument();
  });

  it('says when the queue cannot be loaded', async () => {
    renderQueue({ failures: { queue: { status: 404, message: 'No such endpoint' } } });
    expect(await screen.findByText('Unable to load queued schedule data, please try again.')).toBeInTheDocument();
  });

  it('opens the Collection Execution modal of a queued firing, and reports a failed HTML export', async () => {
    const item = makeQueuedSchedule({ name: 'Nightly', scheduleExecutionHistoryId: 'e1' });
    const execution = { id: 'e1', scheduleId: item.scheduleId, kind: 'SCHEDULED' as const, plannedAt: 0, triggeredAt: 0, status: 'RUNNING' as const, totalCollections: 2, notes: [] };
    const { user } = renderQueue({
      queue: [item],
      executions: {
        e1: {
          execution,
          scheduleName: 'Nightly',
          collections: [
            makeTestSuiteExecution({ testSuiteName: 'Demo_Sign_In', result: 'PASSED', versionTag: 'v2', duration: 65_000 }),
            makeTestSuiteExecution({ id: null, position: 1, testSuiteName: 'Demo_Wrong_Assertion', result: 'PENDING', devices: {}, timeStarted: null, timeCompleted: null, duration: null }),
          ],
        },
      },
      failures: { report: { status: 500, message: 'down' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Nightly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collection Execution' });
    const passed = (await within(dialog).findByRole('rowheader', { name: 'Demo_Sign_In' })).closest('[role="row"]') as HTMLElement;
    expect(within(passed).getByText('PASSED')).toBeInTheDocument();
    expect(within(passed).getByText('1m 05s')).toBeInTheDocument();
    expect(within(passed).getByText('Browser 1')).toBeInTheDocument();
    expect(await within(passed).findByText('v2.0')).toBeInTheDocument();
    expect(within(dialog).getByText('PENDING')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Collection Name',
      'Version',
      'Executed By',
      'Cancelled By',
      'Status',
      'Resource(s)',
      'Time Started',
      'Time Competed',
      'Duration',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Export HTML' }));
    expect(await screen.findByText('Something went wrong, unable to export HTML Report')).toBeInTheDocument();
  });

  it('exports the HTML reports of the firing as the named zip', async () => {
    const item = makeQueuedSchedule({ name: 'Nightly', scheduleId: 's1', scheduleExecutionHistoryId: 'e1' });
    const execution = { id: 'e1', scheduleId: 's1', kind: 'SCHEDULED' as const, plannedAt: 0, triggeredAt: 0, status: 'RUNNING' as const, totalCollections: 1, notes: [] };
    const { backend, user } = renderQueue({ queue: [item], executions: { e1: { execution, scheduleName: 'Nightly', collections: [makeTestSuiteExecution()] } } });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'Nightly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collection Execution' });
    await within(dialog).findByRole('rowheader', { name: 'Demo_Sign_In' });
    await user.click(within(dialog).getByRole('button', { name: 'Export HTML' }));
    await waitFor(() => expect(downloads).toEqual(['Nightly-s1-schedule-summary-report.zip']));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(backend.calls.reports[0]?.get('executionId')).toBe('e1');
  });
});
