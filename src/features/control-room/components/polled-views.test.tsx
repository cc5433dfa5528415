import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { controlRoomBackend, makeQueuedSchedule, makeSchedule, type ControlRoomBackendOptions } from '../../../../tests/msw/control-room';
import { server } from '../../../../tests/msw/server';
import { makeCollection, studioBackend } from '../../../../tests/msw/studio-handlers';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { pollLink, usePollingClock } from '../../../../tests/support/poll-link';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { POLL } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { CONTROL_ROOM_MESSAGES } from '../control-room-messages';
import { ScheduleHistoryDialog } from './ScheduleHistoryDialog';
import { ScheduleQueueTable } from './ScheduleQueueTable';
import { UpcomingSchedules } from './UpcomingSchedules';

function renderPolled(link: ReturnType<typeof pollLink>, options: ControlRoomBackendOptions, view: ReactNode) {
  toastQueue.clear();
  studioBackend.reset();
  studioBackend.add(makeCollection({ id: 'c1', testSuiteName: 'Demo_Sign_In' }));
  signInAs(['CONTROL_ROOM']);
  server.use(link.handler, ...controlRoomBackend(options).handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      {view}
      <ToastRegion />
    </QueryClientProvider>,
  );
}

/** The 'updated N s ago' mark inside `container`. */
const markIn = (container: HTMLElement) => within(container).getByText(/^updated \d+ s ago$/);
const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('Control Room polled views', () => {
  beforeEach(() => clearAppOfflineDb());
  // Half of the full-jitter range: the backoff waits are half of period × 2^n, capped at 60 s.
  usePollingClock(0.5);

  it('Upcoming Schedules (5 s) keeps its rows through a cut server, silently, amber from 15 s and red from 50 s', async () => {
    const link = pollLink(endpoints.schedules.list);
    renderPolled(link, { schedules: [makeSchedule({ name: 'Nightly' })] }, <UpcomingSchedules config={{}} />);
    expect(await screen.findByRole('rowheader', { name: 'Nightly' })).toBeInTheDocument();
    expect(markIn(section('Upcoming Schedules'))).toHaveAttribute('data-freshness', 'fresh');

    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.scheduleListMs + 1_000));
    expect(markIn(section('Upcoming Schedules'))).toHaveAttribute('data-freshness', 'stale');
    await act(() => vi.advanceTimersByTimeAsync(7 * POLL.scheduleListMs));
    expect(markIn(section('Upcoming Schedules'))).toHaveAttribute('data-freshness', 'late');
    expect(screen.getByRole('rowheader', { name: 'Nightly' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(link.gapsInSeconds()).toEqual([5, 5, 10, 20]);
  });

  it('the queue (15 s) backs off from its own period and marks its rows amber from 45 s and red from 150 s', async () => {
    const link = pollLink(endpoints.schedules.queue);
    renderPolled(link, { queue: [makeQueuedSchedule({ name: 'Nightly run' })] }, <ScheduleQueueTable />);
    expect(await screen.findByRole('button', { name: 'Nightly run' })).toBeInTheDocument();

    link.state = 'offline';
    await act(() => vi.advanceTimersByTimeAsync(2 * POLL.queuedSchedulesMs));
    expect(markIn(section('Queue'))).toHaveAttribute('data-freshness', 'fresh');
    await act(() => vi.advanceTimersByTimeAsync(POLL.queuedSchedulesMs + 1_000));
    expect(markIn(section('Queue'))).toHaveAttribute('data-freshness', 'stale');
    await act(() => vi.advanceTimersByTimeAsync(105_000));
    expect(markIn(section('Queue'))).toHaveAttribute('data-freshness', 'late');
    // 'Unable to load' is for a queue that never loaded: the rows stay.
    expect(screen.queryByText(CONTROL_ROOM_MESSAGES.queueLoadFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nightly run' })).toBeInTheDocument();
    expect(link.gapsInSeconds()).toEqual([15, 15, 30, 30, 30, 30]);

    link.state = 'up';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(markIn(section('Queue'))).toHaveAttribute('data-freshness', 'fresh');
  });

  it("a schedule's History (5 s) shows its age and keeps its firings while the schedule cannot be read", async () => {
    const firing = { id: 'e1', scheduleId: 's1', kind: 'SCHEDULED', plannedAt: 0, triggeredAt: 0, status: 'QUEUED', totalCollections: 1, notes: [{ at: 0, text: 'First firing' }] } as const;
    const link = pollLink(`${endpoints.schedules.byId('')}:id`);
    renderPolled(
      link,
      { schedules: [makeSchedule({ id: 's1', name: 'Nightly', executionHistory: [{ ...firing, notes: [...firing.notes] }] })] },
      <ScheduleHistoryDialog scheduleId="s1" onClose={() => undefined} />,
    );
    const history = await screen.findByRole('dialog', { name: 'History: Nightly' });
    expect(await within(history).findByText('First firing')).toBeInTheDocument();
    expect(markIn(history)).toHaveAttribute('data-freshness', 'fresh');

    await act(() => vi.advanceTimersByTimeAsync(POLL.scheduleListMs));
    expect(link.requests).toHaveLength(2);

    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(11 * POLL.scheduleListMs));
    expect(markIn(history)).toHaveAttribute('data-freshness', 'late');
    expect(within(history).getByText('First firing')).toBeInTheDocument();
    expect(within(history).queryByRole('alert')).not.toBeInTheDocument();
  });
});
