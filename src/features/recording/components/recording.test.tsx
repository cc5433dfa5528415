import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authBackend } from '../../../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { recordingBackend } from '../../../../tests/msw/recordings';
import { devicesListResponse, makeDevice } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { createQueryClient } from '../../../lib/query-client';
import { clearSession, setSession } from '../../../lib/session';
import type { Device } from '../../../shared/contracts/devices';
import { defaultRecordingName, RECORDING_MESSAGES, recordingStoppedMessage } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import type { Permission } from '../../../shared/permissions';
import { PERMISSIONS } from '../../../shared/permissions';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { recordingKeys } from '../api/recording-keys';
import { recordingModal } from '../recording-modal-store';
import { PHONE_PICKED_MESSAGE, PHONE_RECORDING_NOTE } from './RecordCollectionModal';
import { CollectionRecordingPanel, RecordingCollectionsPanel } from './RecordingPanels';
import { RecordingWatcher } from './RecordingWatcher';
import { chooseOption, selectTrigger } from '../../../../tests/support/select';

const desk = makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'desk-1', customName: 'Desk one' });
const unplugged = makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'desk-2', customName: 'Desk unplugged', pluggedIn: false });
const busy = makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'desk-3', customName: 'Desk busy', deviceInUse: true });
const held = makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'desk-4', customName: 'Desk recording' });
const phone = makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'phone-1', customName: 'A phone' });
let devices: Device[] = [];

interface RenderOptions {
  features?: readonly Permission[];
  subscribeOpenRequests?: (listener: () => void) => () => void;
}

function renderRecording({ features = PERMISSIONS, subscribeOpenRequests }: RenderOptions = {}) {
  toastQueue.clear();
  setSession(authBackend.issueSession(authBackend.addUser({ permissions: { features: [...features] } })));
  const queryClient = createQueryClient();
  const onCollectionsChanged = vi.fn();
  const ui: ReactNode = (
    <QueryClientProvider client={queryClient}>
      <CollectionRecordingPanel />
      <RecordingCollectionsPanel />
      <RecordingWatcher onCollectionsChanged={onCollectionsChanged} {...(subscribeOpenRequests ? { subscribeOpenRequests } : {})} />
      <ToastRegion />
    </QueryClientProvider>
  );
  return { ...render(ui), queryClient, onCollectionsChanged, user: userEvent.setup() };
}

/** One 5 s poll, without waiting 5 s. */
const poll = (queryClient: QueryClient) => act(() => queryClient.refetchQueries({ queryKey: recordingKeys.status() }));

/** The addresses of the requests other than GET the page sends from now until stop(). */
function watchWrites() {
  const urls: string[] = [];
  const listen = ({ request }: { request: Request }) => {
    if (request.method !== 'GET') urls.push(request.url);
  };
  server.events.on('request:start', listen);
  return { urls, stop: () => server.events.removeListener('request:start', listen) };
}

const dialog = () => screen.findByRole('dialog', { name: 'Record Collection' });
const toastText = (text: string) => screen.findByText(text);

async function openAndChooseDesk(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record Collection' }));
  const modal = await dialog();
  await chooseOption(user, selectTrigger('Device', modal), 'Desk one');
  return modal;
}

async function startOnDesk(user: ReturnType<typeof userEvent.setup>) {
  const modal = await openAndChooseDesk(user);
  await user.click(within(modal).getByRole('button', { name: 'Start' }));
  await toastText(RECORDING_MESSAGES.started);
  // The recording state is a dialog of its own: the started one has gone.
  await screen.findByRole('progressbar', { name: 'Recording in progress' });
  return dialog();
}

beforeEach(() => {
  recordingBackend.reset();
  recordingModal.close();
  devices = [desk, unplugged, busy, held, phone];
  server.use(http.get(anyOrigin(endpoints.devices.list), () => devicesListResponse(devices)));
});

afterEach(() => {
  recordingModal.close();
  clearSession();
});

describe('Record Collection modal, started', () => {
  it('defaults the name to Recording plus a timestamp, which passes the name rule', async () => {
    const { user } = renderRecording();
    await user.click(await screen.findByRole('button', { name: 'Record Collection' }));
    const name = within(await dialog()).getByRole('textbox', { name: /Collection name/ });
    expect((name as HTMLInputElement).value).toMatch(/^Recording \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/);
    expect(defaultRecordingName(new Date(2026, 0, 2, 3, 4, 5))).toBe('Recording 2026-01-02 03-04-05');
    await user.click(name);
    await user.tab();
    expect(within(await dialog()).queryByText('Special characters are not allowed!')).toBeNull();
  });

  it('shows Required for a blank name and the pattern message for special characters once touched, and keeps Start disabled', async () => {
    const { user } = renderRecording();
    const modal = await openAndChooseDesk(user);
    const name = within(modal).getByRole('textbox', { name: /Collection name/ });
    const start = within(modal).getByRole('button', { name: 'Start' });
    expect(start).toBeEnabled();

    await user.clear(name);
    await user.tab();
    expect(await within(modal).findByText('Required')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await user.type(name, 'Checkout!flow');
    expect(await within(modal).findByText('Special characters are not allowed!')).toBeInTheDocument();
    expect(start).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Checkout flow');
    expect(within(modal).queryByText('Special characters are not allowed!')).toBeNull();
    expect(start).toBeEnabled();
  });

  it('offers only plugged-in, available desktop devices no recording holds, and resets a choice that stops qualifying', async () => {
    recordingBackend.add({ name: 'Other', status: 'IDLE', deviceId: held.deviceId });
    const { user, queryClient } = renderRecording();
    // The IDLE recording resumes on start; put it away to record another.
    await dialog();
    act(() => recordingModal.open(null));
    const modal = await screen.findByRole('dialog', { name: 'Record Collection' });
    await waitFor(() => expect(within(modal).getByRole('textbox', { name: /Collection name/ })).toBeInTheDocument());
    await user.click(within(modal).getByRole('button', { name: /Device$/ }));
    const options = within(within(await screen.findByRole('listbox')).getByRole('group', { name: 'Desktop' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Desk one']);
    await user.click(options[0]!);
    expect(within(modal).getByRole('button', { name: 'Start' })).toBeEnabled();

    devices = [{ ...desk, deviceInUse: true }, unplugged, busy, held, phone];
    await act(() => queryClient.refetchQueries({ queryKey: recordingKeys.devices() }));
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Start' })).toBeDisabled());
    expect(within(modal).getByRole('button', { name: /Device$/ })).not.toHaveTextContent('Desk one');
    expect(within(modal).getByText('Required')).toBeInTheDocument();
  });

  it('lists plugged-in phones under Mobile, and says plainly that a phone picked cannot record (issue 28)', async () => {
    const offlinePhone = makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'phone-2', customName: 'Phone unplugged', pluggedIn: false });
    devices = [desk, phone, offlinePhone];
    const writes = watchWrites();
    const { user } = renderRecording();
    await user.click(await screen.findByRole('button', { name: 'Record Collection' }));
    const modal = await dialog();
    const device = within(modal).getByRole('button', { name: /Device$/ });
    await user.click(device);
    const mobile = within(await screen.findByRole('listbox')).getByRole('group', { name: 'Mobile' });
    const phoneOption = within(mobile).getByRole('option', { name: 'A phone' });
    expect(within(mobile).getAllByRole('option')).toEqual([phoneOption]);
    expect(phoneOption).toHaveAccessibleDescription(PHONE_RECORDING_NOTE);
    await user.click(phoneOption);

    expect(device).toHaveTextContent('A phone');
    expect(device).toHaveAccessibleDescription(PHONE_PICKED_MESSAGE);
    expect(within(modal).getByText(PHONE_PICKED_MESSAGE)).toBeInTheDocument();
    const start = within(modal).getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await user.click(start);
    expect(writes.urls).toEqual([]);

    // A desktop device then records as ever, and the message goes.
    await user.click(device);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Desk one' }));
    expect(within(modal).queryByText(PHONE_PICKED_MESSAGE)).toBeNull();
    expect(start).toBeEnabled();
    writes.stop();
  });

  it('Cancel before start only closes the dialog', async () => {
    const writes = watchWrites();
    const { user } = renderRecording();
    await user.click(await screen.findByRole('button', { name: 'Record Collection' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.urls).toEqual([]);
    writes.stop();
  });

  it('hides Record Collection without the RECORD_PLAYBACK permission, and ignores the embedded page asking for it', async () => {
    let request: (() => void) | undefined;
    renderRecording({
      features: PERMISSIONS.filter((feature) => feature !== 'RECORD_PLAYBACK'),
      subscribeOpenRequests: (listener) => {
        request = listener;
        return () => undefined;
      },
    });
    expect(await screen.findByText('Recording needs the Record/playback permission.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Collection' })).toBeNull();
    act(() => request?.());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens on the embedded page's recordPlaybackCollection request", async () => {
    const listeners = new Set<() => void>();
    renderRecording({
      subscribeOpenRequests: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    await screen.findByRole('button', { name: 'Record Collection' });
    await waitFor(() => expect(listeners.size).toBe(1));
    act(() => listeners.forEach((listener) => listener()));
    expect(await dialog()).toBeInTheDocument();
  });
});

describe('recording, stop, cancel and continue', () => {
  it('start moves to recording and shows the action count of each poll', async () => {
    const { user, queryClient } = renderRecording();
    const modal = await startOnDesk(user);
    expect(recordingBackend.processes[0]).toMatchObject({ deviceId: 'desk-1', status: 'INPROGRESS' });
    expect(await within(modal).findByRole('progressbar', { name: 'Recording in progress' })).toBeInTheDocument();
    await waitFor(() => expect(within(modal).getByText('Actions recorded: 0')).toBeInTheDocument());

    recordingBackend.advance(recordingBackend.processes[0]!.recordingId, { actionCount: 3 });
    await poll(queryClient);
    expect(await within(modal).findByText('Actions recorded: 3')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('stop answered PROCESSING says post processing starts and closes the dialog; the sidebar lists it as pending', async () => {
    const { user, queryClient } = renderRecording();
    const modal = await startOnDesk(user);
    await user.click(within(modal).getByRole('button', { name: 'Stop' }));
    expect(await toastText(recordingStoppedMessage('PROCESSING'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await poll(queryClient);
    const pending = await screen.findByRole('list', { name: 'Pending recordings' });
    expect(within(pending).getByRole('listitem', { name: recordingBackend.processes[0]!.name })).toBeInTheDocument();
  });

  it("stop answered CANCELLED is an error: 'Recording Stopped, something went wrong.'", async () => {
    recordingBackend.stopResult = 'CANCELLED';
    const { user } = renderRecording();
    const modal = await startOnDesk(user);
    await user.click(within(modal).getByRole('button', { name: 'Stop' }));
    expect(await toastText('Recording Stopped, something went wrong.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel while recording stops with cancelRecording and says Recording Cancelled', async () => {
    const { user } = renderRecording();
    const modal = await startOnDesk(user);
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(await toastText(RECORDING_MESSAGES.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(recordingBackend.processes[0]?.status).toBe('CANCELLED');
  });

  it('idle asks to continue; Yes continues the recording', async () => {
    const { user, queryClient } = renderRecording();
    const modal = await startOnDesk(user);
    recordingBackend.advance(recordingBackend.processes[0]!.recordingId, { status: 'IDLE' });
    await poll(queryClient);
    expect(await within(modal).findByText('The recording browser was closed. Do you want to continue?')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Yes' }));
    expect(await toastText(RECORDING_MESSAGES.continued)).toBeInTheDocument();
    expect(await within(modal).findByRole('progressbar', { name: 'Recording in progress' })).toBeInTheDocument();
    expect(recordingBackend.processes[0]?.status).toBe('INPROGRESS');
  });
});

describe('resume, poll and sidebar', () => {
  it('reopens an INPROGRESS recording in recording on app start', async () => {
    recordingBackend.add({ name: 'Checkout', status: 'INPROGRESS', actionCount: 4 });
    renderRecording();
    const modal = await dialog();
    expect(within(modal).getByText('Checkout')).toBeInTheDocument();
    expect(within(modal).getByText('Actions recorded: 4')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('reopens an IDLE recording in idle on app start, and the panel brings a hidden one back', async () => {
    recordingBackend.add({ name: 'Basket', status: 'IDLE' });
    const { user } = renderRecording();
    const modal = await dialog();
    expect(within(modal).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Waiting to continue · 0 actions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show recording Basket' }));
    expect(within(await dialog()).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });

  it('a recording that becomes COMPLETED closes the dialog, refreshes the collections and is listed as completed', async () => {
    recordingBackend.add({ name: 'Login', status: 'COMPLETED', statusId: 'old', collectionId: 'c-0' });
    const { user, queryClient, onCollectionsChanged } = renderRecording();
    await startOnDesk(user);
    const recordingId = recordingBackend.processes[0]!.recordingId;
    await poll(queryClient);
    expect(onCollectionsChanged).not.toHaveBeenCalled();

    recordingBackend.advance(recordingId, { status: 'COMPLETED', statusId: recordingId, collectionId: 'c-1' });
    await poll(queryClient);
    await waitFor(() => expect(onCollectionsChanged).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const name = recordingBackend.processes[0]!.name;
    expect(await toastText(RECORDING_MESSAGES.completed(name))).toBeInTheDocument();
    const completed = screen.getByRole('list', { name: 'Completed recordings' });
    expect(within(completed).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([name, 'Login']);
  });

  it('a login change asks for the recording status again', async () => {
    const { queryClient } = renderRecording();
    await screen.findByRole('button', { name: 'Record Collection' });
    await waitFor(() => expect(queryClient.getQueryState(recordingKeys.status())?.status).toBe('success'));
    const before = queryClient.getQueryState(recordingKeys.status())?.dataUpdatedAt ?? 0;
    recordingBackend.add({ name: 'Elsewhere', status: 'PROCESSING' });
    act(() => setSession(authBackend.issueSession(authBackend.addUser())));
    await waitFor(() => expect(queryClient.getQueryState(recordingKeys.status())?.dataUpdatedAt).toBeGreaterThan(before));
    expect(await screen.findByRole('listitem', { name: 'Elsewhere' })).toBeInTheDocument();
  });
});

describe('refusals', () => {
  it("a 403 on start says 'Unable to start Recording' with the server's reason and keeps the form", async () => {
    server.use(http.post(anyOrigin(endpoints.importExport.startRecording), () => errorResponse(403, 'You do not have permission to do this.')));
    const { user } = renderRecording();
    const modal = await openAndChooseDesk(user);
    const name = within(modal).getByRole('textbox', { name: /Collection name/ });
    await user.clear(name);
    await user.type(name, 'Kept name');
    await user.click(within(modal).getByRole('button', { name: 'Start' }));
    expect(await toastText('Unable to start Recording: You do not have permission to do this.')).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: /Collection name/ })).toHaveValue('Kept name');
    expect(within(modal).getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it("a 500 without a reason on stop says 'Unable to stop Recording.' and the recording stays open", async () => {
    server.use(http.put(anyOrigin(endpoints.importExport.stopRecording), () => new HttpResponse(null, { status: 500 })));
    const { user } = renderRecording();
    const modal = await startOnDesk(user);
    await user.click(within(modal).getByRole('button', { name: 'Stop' }));
    expect(await toastText(RECORDING_MESSAGES.unableToStop)).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(recordingBackend.processes[0]?.status).toBe('INPROGRESS');
  });

  it('refusals of cancel and continue use their own texts', async () => {
    server.use(
      http.put(anyOrigin(endpoints.importExport.continueRecording), () => errorResponse(409, RECORDING_MESSAGES.notIdle)),
      http.put(anyOrigin(endpoints.importExport.stopRecording), () => errorResponse(500, 'Database away.')),
    );
    recordingBackend.add({ name: 'Idle one', status: 'IDLE' });
    const { user } = renderRecording();
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Yes' }));
    expect(await toastText(`${RECORDING_MESSAGES.unableToContinue}: ${RECORDING_MESSAGES.notIdle}`)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(await toastText(`${RECORDING_MESSAGES.unableToCancel}: Database away.`)).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Yes' })).toBeEnabled();
  });
});
