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
import { ESTIMATE_DEBOUNCE_MS, ESTIMATE_WAITING_TEXT } from './EstimatePreview';
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

function renderForm(initial: Partial<ScheduleForm> = {}, { isNew = true, onSave: save }: { isNew?: boolean; onSave?: (form: ScheduleForm) => Promise<void> } = {}) {
  toastQueue.clear();
  server.use(
    http.get(anyOrigin(`${endpoints.schedules.devices('')}:id`), ({ params }) =>
      HttpResponse.json({ success: true, message: '', data: devicesByCollection[String(params.id)] ?? [] }),
    ),
  );
  const onSave = vi.fn<(form: ScheduleForm) => Promise<void>>(save ?? (() => Promise.resolve()));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScheduleFormDialog
        title="New Schedule"
        initial={{ ...emptyScheduleForm(NOW, ZONE), ...initial }}
        isNew={isNew}
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
  await user.click(within(screen.getByRole('radiogroup', { name: 'Repeat' })).getByRole('radio', { name: label }));
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

  it('refuses to save an invalid form with Fill All Required Fields in the popup, not a toast, and goes to what is missing', async () => {
    const { user, onSave } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'New Schedule' });
    await waitFor(() => expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toContain('Fill All Required Fields'));
    // No toast to cover Save and Cancel (issue 27).
    expect(screen.queryAllByRole('alertdialog')).toEqual([]);
    expect(within(field('Name').closest('.ui-field') as HTMLElement).getByText('Required')).toBeInTheDocument();
    expect(field('Name')).toHaveFocus();
    // The selector's own rule, shown once by the selector.
    expect(screen.getAllByText('Select at least 1 collections.')).toHaveLength(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the popup beside Save, and stays open", async () => {
    const { user, onSave, onClose } = renderForm(
      { name: 'Nightly', selector: { ...emptyScheduleForm(NOW, ZONE).selector, testStatusIdList: ['c1'] } },
      { onSave: () => Promise.reject(new Error('Schedule name already exists')) },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
    const dialog = screen.getByRole('dialog', { name: 'New Schedule' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Schedule name already exists'));
    expect(screen.queryAllByRole('alertdialog')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers each common repeat as one choice, and Every few minutes fills the whole day with runs', async () => {
    const { user, onSave } = renderForm({ name: 'Smoke', selector: { ...emptyScheduleForm(NOW, ZONE).selector, testStatusIdList: ['c1'] } });
    const repeat = screen.getByRole('radiogroup', { name: 'Repeat' });
    expect(within(repeat).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.replace(/^[○●]/, ''))).toEqual([
      'One Time',
      'Every few minutes',
      'Every few hours',
      'Daily',
      'Weekly',
    ]);
    await chooseRepeat(user, 'Every few minutes');
    // A new schedule's runs cover the day from 00:00 today; it runs for a year; every 15 minutes, as many as fit.
    expect(field('Start time')).toHaveValue('2026-03-10T00:00');
    expect(field('End time')).toHaveValue('2027-03-10T00:00');
    expect(field('Recur every (minutes)')).toHaveValue('15');
    expect(field('Executions per day')).toHaveValue('96');
    expect(screen.getByText('Each day from 00:00 to 23:45; at most 96 fit before midnight.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Recur every (days)')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Runs each day' })).toBeNull();
    // Required fields say so.
    for (const label of ['Name', 'Start time', 'End time', 'Recur every (minutes)', 'Executions per day']) expect(field(label)).toBeRequired();

    // The estimate stays: the next run after 10:30 is 10:45.
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS + 100));
    const estimate = screen.getByRole('region', { name: 'Upcoming executions' });
    expect(within(estimate).getAllByRole('listitem')[0]).toHaveTextContent('Mar 10, 2026, 10:45:00 AM');

    // Every 5 minutes: the runs of a day follow, until the user types a count of their own.
    await user.clear(field('Recur every (minutes)'));
    await user.type(field('Recur every (minutes)'), '5');
    expect(field('Executions per day')).toHaveValue('288');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ choice: 'minutes', repeat: 1, recurEveryDays: '1', dayType: 2, recurDurationType: 'Minutes', recurEvery: '5', executionsPerDay: '288' });
  });

  it('keeps a start the user set, and counts the runs that fit after it', async () => {
    const { user } = renderForm();
    fireEvent.change(field('Start time'), { target: { value: '2026-03-10T09:00' } });
    await chooseRepeat(user, 'Every few hours');
    expect(field('Start time')).toHaveValue('2026-03-10T09:00');
    expect(field('Recur every (hours)')).toHaveValue('1');
    expect(field('Executions per day')).toHaveValue('15');
    expect(screen.getByText('Each day from 09:00 to 23:00; at most 15 fit before midnight.')).toBeInTheDocument();
    await user.clear(field('Executions per day'));
    await user.type(field('Executions per day'), '9');
    expect(screen.getByText('Each day from 09:00 to 17:00; at most 15 fit before midnight.')).toBeInTheDocument();
    // A typed count stays when the spacing changes.
    await user.clear(field('Recur every (hours)'));
    await user.type(field('Recur every (hours)'), '2');
    expect(field('Executions per day')).toHaveValue('9');
  });

  it('keeps Daily and Weekly with several runs a day for the other cases, and an edited schedule keeps its times', async () => {
    const { user } = renderForm(
      { choice: 'daily', repeat: 1, start: '2026-03-09T08:00', end: '2026-06-09T08:00', dayType: 2, recurDurationType: 'Hours', recurEvery: '2', executionsPerDay: '3', runsPerDayFitsDay: false, recurEveryDays: '2' },
      { isNew: false },
    );
    expect(within(screen.getByRole('radiogroup', { name: 'Runs each day' })).getByRole('radio', { name: 'Repeat within the day' })).toBeChecked();
    await chooseRepeat(user, 'Weekly');
    expect(field('Start time')).toHaveValue('2026-03-09T08:00');
    expect(field('End time')).toHaveValue('2026-06-09T08:00');
    // 2026-03-09 is a Monday; the runs of a day carry over from Daily.
    expect(within(screen.getByRole('group', { name: 'Week days' })).getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(field('Executions per day')).toHaveValue('3');
    await chooseRepeat(user, 'Every few minutes');
    expect(field('Start time')).toHaveValue('2026-03-09T08:00');
    expect(field('Recur every (minutes)')).toHaveValue('15');
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
    // A new repeating schedule runs for a year from its start.
    expect(field('End time')).toHaveValue('2027-03-10T11:00');
    fireEvent.change(field('Start time'), { target: { value: '2027-04-01T09:00' } });
    act(() => vi.advanceTimersByTime(END_MOVE_DELAY_MS - 100));
    expect(field('End time')).toHaveValue('2027-03-10T11:00');
    act(() => vi.advanceTimersByTime(200));
    expect(field('End time')).toHaveValue('2028-04-01T09:00');
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
    const { user } = renderForm({ choice: 'daily', repeat: 1, start: '2026-03-10T22:00', end: '2026-04-10T11:00' });
    await user.click(screen.getByRole('radio', { name: 'Repeat within the day' }));
    await user.type(field('Recur every (hours)'), '1');
    // What fits the day from 22:00 comes first; a count typed over it is the user's.
    expect(field('Executions per day')).toHaveValue('2');
    await user.clear(field('Executions per day'));
    await user.type(field('Executions per day'), '3');
    await user.tab();
    expect(screen.getByText('With selected hours/minutes, maximum number of runs can be 2')).toBeInTheDocument();
  });

  it('shows the estimate 1 s after the timing is valid, with the cap message when the engine stops', async () => {
    renderForm({
      choice: 'minutes',
      repeat: 1,
      start: '2026-03-11T00:00',
      end: '2027-03-10T11:00',
      dayType: 2,
      recurDurationType: 'Minutes',
      recurEvery: '1',
      executionsPerDay: '1440',
    });
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS - 100));
    expect(within(screen.getByRole('region', { name: 'Upcoming executions' })).queryAllByRole('listitem')).toEqual([]);
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

  it('shows no estimate while the timing is invalid, saying what it waits for', async () => {
    const { user } = renderForm({ choice: 'daily', repeat: 1, end: '2026-04-10T11:00', recurEveryDays: '' });
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS * 2));
    const waiting = screen.getByRole('region', { name: 'Upcoming executions' });
    expect(waiting).toHaveTextContent(ESTIMATE_WAITING_TEXT);
    expect(within(waiting).queryAllByRole('listitem')).toEqual([]);
    await user.type(field('Recur every (days)'), '2');
    act(() => vi.advanceTimersByTime(ESTIMATE_DEBOUNCE_MS + 100));
    const times = within(screen.getByRole('region', { name: 'Upcoming executions' })).getAllByRole('listitem');
    expect(times.slice(0, 2).map((item) => item.textContent)).toEqual(['Mar 10, 2026, 11:00:00 AM', 'Mar 12, 2026, 11:00:00 AM']);
  });
});
