import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { anyOrigin } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { pickCollections } from '../../../../tests/support/collection-selector';
import { createQueryClient } from '../../../lib/query-client';
import type { Tag, TestSuiteFeedItem } from '../../../shared/contracts/collections';
import type { ScheduleDevice } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { ITERATION_CAP_MESSAGE } from '../../../shared/schedule/schedule-data';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { emptyScheduleForm, type ScheduleForm } from '../schedule-form';
import { ESTIMATE_DEBOUNCE_MS } from './EstimatePreview';
import { TAG_REAPPLY_DELAY_MS as TAG_FILTER_DELAY_MS } from '../../../shared/constants';
import { END_MOVE_DELAY_MS, ScheduleFormDialog } from './ScheduleFormDialog';

const ZONE = 'Europe/Berlin';
// A Tuesday.
const NOW = DateTime.fromISO('2026-03-10T10:30', { zone: ZONE }).toMillis();
const suites: TestSuiteFeedItem[] = [
  { id: 'c1', testSuiteName: 'Demo_Sign_In', tags: ['t1'], version: null },
  { id: 'c2', testSuiteName: 'Demo_Wrong_Assertion', tags: [], version: null },
];
const tags: Tag[] = [{ id: 't1', tagName: 'smoke', tagType: 'ORGANIZATION_TAG', hideTag: false }];

/** The resources each collection asks for, as getDevices/{collectionId} answers. */
const devicesByCollection: Record<string, ScheduleDevice[]> = {
  c1: [{ deviceId: 'browser-1', deviceType: 'BROWSER', deviceName: 'Chromium 1', testStatusIds: ['c1'] }],
  c2: [
    { deviceId: 'browser-1', deviceType: 'BROWSER', deviceName: 'Chromium 1', testStatusIds: ['c2'] },
    { deviceId: 'phone-7', deviceType: 'ANDROID', deviceName: 'Pixel 7', testStatusIds: ['c2'] },
  ],
};

function renderForm(initial: Partial<ScheduleForm> = {}) {
  toastQueue.clear();
  server.use(
    http.get(anyOrigin(`${endpoints.schedules.devices('')}:id`), ({ params }) =>
      HttpResponse.json({ success: true, message: '', data: devicesByCollection[String(params.id)] ?? [] }),
    ),
  );
  const onSave = vi.fn<(form: ScheduleForm) => Promise<void>>().mockResolvedValue(undefined);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScheduleFormDialog
        title="New Schedule"
        initial={{ ...emptyScheduleForm(NOW, ZONE), ...initial }}
        zone={ZONE}
        suites={suites}
        tags={tags}
        showInOrder
        showNotifyOnQueue
        newResources={[]}
        onSave={onSave}
        onClose={onClose}
      />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { onSave, onClose, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

async function chooseRepeat(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: /Repeat/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

// Multi-step flows outlast the 5 s default when the unit project runs in parallel.
describe('ScheduleFormDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses to save an invalid form with Fill All Required Fields and shows what is missing', async () => {
    const { user, onSave } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill All Required Fields')).toBeInTheDocument();
    expect(within(field('Name').closest('.ui-field') as HTMLElement).getByText('Required')).toBeInTheDocument();
    // The selector's own rule, shown once by the selector.
    expect(screen.getAllByText('Select at least 1 collections.')).toHaveLength(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows one selector error: a missing tag, then the Filter rule of the selector', async () => {
    const { user, onSave } = renderForm({ name: 'Nightly' });
    await user.click(screen.getByRole('radio', { name: 'Tags' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const selectorErrors = () => within(screen.getByRole('group', { name: 'Collections or tags' })).queryAllByRole('alert').map((alert) => alert.textContent);
    expect(selectorErrors()).toEqual(['Select at least one tag or version']);
    await user.click(screen.getByRole('checkbox', { name: 'smoke' }));
    await user.click(screen.getByRole('radio', { name: 'Filter' }));
    act(() => vi.advanceTimersByTime(TAG_FILTER_DELAY_MS));
    expect(selectorErrors()).toEqual(['Select at least one collection.']);
    await pickCollections(user, 'Matching collections', ['Demo_Sign_In']);
    expect(selectorErrors()).toEqual([]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a complete one-time schedule and closes', async () => {
    const { user, onSave, onClose } = renderForm();
    await user.type(field('Name'), 'Nightly');
    await pickCollections(user, 'Collections', ['Demo_Sign_In']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ name: 'Nightly', repeat: 0, start: '2026-03-10T11:00', selector: { testStatusIdList: ['c1'] } });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('disables the end time for One Time, and moves the end forward 1 s after the start passed it', async () => {
    const { user } = renderForm();
    expect(field('End time')).toBeDisabled();
    await chooseRepeat(user, 'Daily');
    expect(field('End time')).toBeEnabled();
    fireEvent.change(field('Start time'), { target: { value: '2026-03-12T09:00' } });
    act(() => vi.advanceTimersByTime(END_MOVE_DELAY_MS - 100));
    expect(field('End time')).toHaveValue('2026-03-11T11:00');
    act(() => vi.advanceTimersByTime(200));
    expect(field('End time')).toHaveValue('2027-03-12T09:00');
  });

  it('preselects the start weekday for Weekly and asks for one when none is left', async () => {
    const { user } = renderForm();
    await chooseRepeat(user, 'Weekly');
    const days = screen.getByRole('group', { name: 'Week days' });
    expect(within(days).getByRole('checkbox', { name: 'Tue' })).toBeChecked();
    await user.click(within(days).getByRole('checkbox', { name: 'Tue' }));
    expect(within(days).getByRole('alert')).toHaveTextContent('At least one week day must be selected.');
  });

  it('limits the runs of a day to those before midnight with the {hash} message', async () => {
    const { user } = renderForm({ repeat: 1, start: '2026-03-10T22:00', end: '2026-04-10T11:00' });
    await user.click(screen.getByRole('radio', { name: 'Repeat within the day' }));
    await user.type(field('Recur every (hours)'), '1');
    await user.type(field('Executions per day'), '3');
    await user.tab();
    expect(screen.getByText('With selected hours/minutes, maximum number of runs can be 2')).toBeInTheDocument();
  });

  it('shows the estimate 1 s after the timing is valid, with the cap message when the engine stops', async () => {
    renderForm({
      repeat: 1,
      start: '2026-03-11T00:00',
      end: '2027-03-10T11:00',
      dayType: 2,
      recurDurationType: 'Minutes',
      recurEvery: '1',
      executionsPerDay: '1440',
    });
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS - 100));
    expect(screen.queryByRole('region', { name: 'Upcoming executions' })).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    const estimate = screen.getByRole('region', { name: 'Upcoming executions' });
    expect(within(estimate).getAllByRole('listitem')[0]).toHaveTextContent('Mar 11, 2026, 12:00:00 AM');
    expect(within(estimate).getByRole('status')).toHaveTextContent(ITERATION_CAP_MESSAGE);
  });

  it('offers as current resources those the chosen collections ask for', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Override Resources' }));
    const currentResource = () => within(screen.getByRole('group', { name: 'Resource override 1' })).getByRole('button', { name: /Current resource/ });
    await user.click(currentResource());
    expect(screen.queryAllByRole('option')).toEqual([]);
    await user.keyboard('{Escape}');
    await pickCollections(user, 'Collections', ['Demo_Sign_In', 'Demo_Wrong_Assertion']);
    await user.click(currentResource());
    // The open list follows the answers of getDevices/c1 and getDevices/c2; Chromium 1, asked by both, shows once.
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Chromium 1', 'Pixel 7']));
  });

  it('shows no estimate while the timing is invalid', async () => {
    const { user } = renderForm({ repeat: 1, end: '2026-04-10T11:00', recurEveryDays: '' });
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS * 2));
    expect(screen.queryByRole('region', { name: 'Upcoming executions' })).toBeNull();
    await user.type(field('Recur every (days)'), '2');
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS + 100));
    const times = within(screen.getByRole('region', { name: 'Upcoming executions' })).getAllByRole('listitem');
    expect(times.slice(0, 2).map((item) => item.textContent)).toEqual(['Mar 10, 2026, 11:00:00 AM', 'Mar 12, 2026, 11:00:00 AM']);
  });
});
