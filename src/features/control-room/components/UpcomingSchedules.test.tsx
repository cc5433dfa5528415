import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { controlRoomBackend, makeSchedule, type ControlRoomBackendOptions } from '../../../../tests/msw/control-room';
import { server } from '../../../../tests/msw/server';
import { makeCollection, makeTag, studioBackend } from '../../../../tests/msw/studio-handlers';
import { pickCollections } from '../../../../tests/support/collection-selector';
import { switchableNetwork } from '../../../../tests/msw/network';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { SAVED_OFFLINE_TEXT } from '../../../offline/pending-texts';
import type { StudioConfig } from '../../../shared/config';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { UpcomingSchedules } from './UpcomingSchedules';

const HOUR_MS = 3_600_000;
const CHANGED = 'data-table__row--changed';

function renderSchedules(options: ControlRoomBackendOptions, config: StudioConfig = {}) {
  toastQueue.clear();
  studioBackend.reset();
  studioBackend.add(makeCollection({ id: 'c1', testSuiteName: 'Demo_Sign_In', tags: ['t-smoke'] }));
  studioBackend.tags = [makeTag({ id: 't-smoke', tagName: 'smoke' })];
  signInAs(['CONTROL_ROOM']);
  const backend = controlRoomBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UpcomingSchedules config={config} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

async function findRow(name: string) {
  return (await screen.findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement;
}

const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('UpcomingSchedules', () => {
  it('lists upcoming schedules by next run, past ones after them, with their columns', async () => {
    const now = Date.now();
    renderSchedules({
      schedules: [
        makeSchedule({ name: 'Finished', executionTime: null, executionTimes: [] }),
        makeSchedule({ name: 'Later', executionTime: now + 2 * HOUR_MS, scheduleNotifyEmails: 'qa@example.com' }),
        makeSchedule({ name: 'Sooner', repeat: 2, executionTime: now + HOUR_MS }),
      ],
    });
    const later = await findRow('Later');
    expect(rowNames()).toEqual(['Sooner', 'Later', 'Finished']);
    expect(within(later).getByText('Daily')).toBeInTheDocument();
    expect(within(later).getByText('qa@example.com')).toBeInTheDocument();
    expect(await within(later).findByText('Demo_Sign_In')).toBeInTheDocument();
    expect(within(await findRow('Finished')).getByText('Past')).toBeInTheDocument();
    expect(within(await findRow('Sooner')).getByText('Weekly')).toBeInTheDocument();
    expect(screen.getByText('3 total')).toBeInTheDocument();
  });

  it('pages by Schedule.paginationSize', async () => {
    const schedules = Array.from({ length: 3 }, (_, index) => makeSchedule({ name: `S${index}`, executionTime: Date.now() + (index + 1) * HOUR_MS }));
    const { user } = renderSchedules({ schedules }, { Schedule: { paginationSize: 2 } });
    await findRow('S0');
    expect(rowNames()).toEqual(['S0', 'S1']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(rowNames()).toEqual(['S2']);
  });

  it('runs a schedule now with Starting Execution...', async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderSchedules({ schedules: [schedule] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Run Now Nightly' }));
    expect(await screen.findByText('Starting Execution...')).toBeInTheDocument();
    expect(backend.calls.runNow).toEqual([schedule.id]);
  });

  it('reports a failed Run Now with the server message', async () => {
    const { user } = renderSchedules({ schedules: [makeSchedule({ name: 'Nightly' })], failures: { runNow: { status: 409, message: 'The schedule selects no collection to run' } } });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Run Now Nightly' }));
    expect(await screen.findByText('The schedule selects no collection to run')).toBeInTheDocument();
  });

  it('deletes after the inline confirmation, and No keeps the row', async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderSchedules({ schedules: [schedule] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Delete Nightly' }));
    const confirm = screen.getByRole('group', { name: 'Delete Nightly' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(backend.calls.deletes).toEqual([]);
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'Delete Nightly' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete Nightly' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Schedule Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Nightly' })).toBeNull());
    expect(backend.calls.deletes).toEqual([schedule.id]);
  });

  it('duplicates as Copy of {name} only under Schedule.duplicateSchedule', async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderSchedules({ schedules: [schedule] }, { Schedule: { duplicateSchedule: true } });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'More actions Nightly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    // The copy shows as soon as it is saved, before the server's answer marks it changed.
    await waitFor(async () => expect(await findRow('Copy of Nightly')).toHaveClass(CHANGED));
    expect(await findRow('Nightly')).not.toHaveClass(CHANGED);
    expect(backend.calls.gets).toEqual([schedule.id]);
    expect(backend.calls.saves[0]).toMatchObject({ name: 'Copy of Nightly', testStatusIdList: ['c1'] });
    // The copy carries the id this client made for it (see client-ids).
    expect((backend.calls.saves[0] as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no Duplicate without the flag', async () => {
    const { user } = renderSchedules({ schedules: [makeSchedule({ name: 'Nightly' })] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'More actions Nightly' }));
    expect(await screen.findByRole('menuitem', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Duplicate' })).toBeNull();
  });

  it('toggles enabled on the latest schedule, dropping its past execution times', async () => {
    const now = Date.now();
    const schedule = makeSchedule({ name: 'Nightly', executionTimes: [now - HOUR_MS, now + HOUR_MS] });
    const { backend, user } = renderSchedules({ schedules: [schedule] });
    await user.click(within(await findRow('Nightly')).getByRole('switch', { name: 'Enabled Nightly' }));
    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({ id: schedule.id, enabled: false, executionTimes: [now + HOUR_MS] });
    expect(backend.calls.saves[0]).not.toHaveProperty('executionHistory');
    expect(await findRow('Nightly')).toHaveClass(CHANGED);
  });

  it('highlights the row saved from the Runtime Configuration and from the popup', async () => {
    const { user } = renderSchedules({ schedules: [makeSchedule({ name: 'Nightly' }), makeSchedule({ name: 'Other', executionTime: Date.now() + 2 * 86_400_000 })] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'More actions Nightly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Runtime Configuration' }));
    const runtime = await screen.findByRole('dialog', { name: 'Runtime Configuration: Nightly' });
    await user.click(within(runtime).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await findRow('Nightly')).toHaveClass(CHANGED);
    expect(await findRow('Other')).not.toHaveClass(CHANGED);

    await user.click(within(await findRow('Other')).getByRole('button', { name: 'Edit Other' }));
    const popup = await screen.findByRole('dialog', { name: 'Edit Schedule' });
    await user.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await findRow('Other')).toHaveClass(CHANGED);
  });

  it("shows a firing's queue-wait notification in the schedule's History", async () => {
    const note = 'Notification: Demo_Sign_In has waited more than 5 minute(s) in the queue';
    const firing = { id: 'e1', scheduleId: 's1', kind: 'SCHEDULED', plannedAt: 0, triggeredAt: 0, status: 'QUEUED', totalCollections: 1, notes: [{ at: 0, text: note }] } as const;
    const { user } = renderSchedules({ schedules: [makeSchedule({ id: 's1', name: 'Nightly', executionHistory: [{ ...firing, notes: [...firing.notes] }] })] });
    await user.click(within(await findRow('Nightly')).getByRole('button', { name: 'More actions Nightly' }));
    await user.click(await screen.findByRole('menuitem', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History: Nightly' });
    expect(await within(history).findByText(note)).toBeInTheDocument();
  });

  it('records what the tags of a tag schedule choose (tagCollectionData) from the executable test suites', async () => {
    const { backend, user } = renderSchedules({
      schedules: [],
      executableSuites: [
        { testSuiteName: 'Demo_Sign_In', versionTags: { '': { statusId: 'c1', collectionTags: ['t-smoke'] } } },
        { testSuiteName: 'Untagged', versionTags: { '': { statusId: 'c9', collectionTags: [] } } },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'New Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Schedule' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Smoke');
    await user.click(within(dialog).getByRole('radio', { name: 'Tags' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'smoke' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({
      scheduleType: 'TAG_COLLECTION',
      collectionTags: ['t-smoke'],
      tagCollectionData: [{ testSuiteName: 'Demo_Sign_In', versionTags: { '': { statusId: 'c1', collectionTags: ['t-smoke'] } } }],
    });
  });

  it('edits the name inline after loading the full schedule; Run Now waits for a valid name', async () => {
    const schedule = makeSchedule({ name: 'Nightly' });
    const { backend, user } = renderSchedules({ schedules: [schedule] });
    await user.dblClick(await screen.findByRole('rowheader', { name: 'Nightly' }));
    const editor = await screen.findByRole('textbox', { name: 'Edit Name' });
    expect(backend.calls.gets).toEqual([schedule.id]);
    await user.clear(editor);
    const row = editor.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Run Now Nightly' })).toBeDisabled();
    expect(within(row).getByText('Schedule Missing Valid Info')).toBeInTheDocument();
    await user.type(editor, 'Morning{Enter}');
    expect(await screen.findByText('Schedule Saved')).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({ id: schedule.id, name: 'Morning' });
    expect(within(await findRow('Morning')).getByRole('button', { name: 'Run Now Morning' })).toBeEnabled();
  });

  it('creates a schedule through the popup in the user time zone and shows the server message on failure', async () => {
    const { backend, user } = renderSchedules({ schedules: [], failures: { save: { status: 409, message: 'A schedule named Nightly already exists' } } });
    await user.click(screen.getByRole('button', { name: 'New Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Schedule' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nightly');
    await pickCollections(user, 'Collections', ['Demo_Sign_In']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A schedule named Nightly already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Schedule' })).toBeInTheDocument();
    expect(backend.calls.saves[0]).toMatchObject({ name: 'Nightly', repeat: 0, scheduleType: 'COLLECTION', testStatusIdList: ['c1'], timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('renames, disables and reconfigures a schedule offline from the listed row, marked, then replays each once in order', async () => {
    await clearAppOfflineDb();
    const schedule = makeSchedule({ name: 'Nightly', executionTime: Date.now() + HOUR_MS });
    const { backend, user } = renderSchedules({ schedules: [schedule] });
    await findRow('Nightly');
    const network = switchableNetwork();
    network.goOffline();

    await user.dblClick(await screen.findByRole('rowheader', { name: 'Nightly' }));
    const editor = await screen.findByRole('textbox', { name: 'Edit Name' });
    await user.clear(editor);
    await user.type(editor, 'Morning{Enter}');
    await user.click(within(await findRow('Morning')).getByRole('switch', { name: 'Enabled Morning' }));
    await waitFor(() => expect(within(screen.getByRole('rowheader', { name: 'Morning' }).closest('[role="row"]') as HTMLElement).getByText('Disabled')).toBeInTheDocument());
    await user.click(within(await findRow('Morning')).getByRole('button', { name: 'More actions Morning' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Runtime Configuration' }));
    const runtime = await screen.findByRole('dialog', { name: 'Runtime Configuration: Morning' });
    await user.click(within(runtime).getByRole('switch', { name: 'Override step timeout' }));
    await user.type(within(runtime).getByRole('textbox', { name: /Step timeout \(seconds\)/ }), '30');
    await user.click(within(runtime).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(within(await findRow('Morning')).getByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    expect(backend.calls.saves).toEqual([]);
    expect(backend.calls.gets).toEqual([]);

    network.goOnline();
    await waitFor(() => expect(backend.calls.saves).toHaveLength(3));
    expect(backend.calls.saves).toEqual([
      expect.objectContaining({ id: schedule.id, name: 'Morning', enabled: true }),
      expect.objectContaining({ id: schedule.id, name: 'Morning', enabled: false }),
      expect.objectContaining({ id: schedule.id, name: 'Morning', enabled: false, overrideStepTimeout: true, stepTimeout: 30_000 }),
    ]);
    expect(backend.state.schedules).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(SAVED_OFFLINE_TEXT)).not.toBeInTheDocument());
  });
});
