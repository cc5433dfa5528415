import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, visibleError } from '../../../lib/error-messages';
import { maxLength, namePattern, required, validate } from '../../../lib/validators';
import { deviceOptionNameOf } from '../../../shared/contracts/devices';
import type { StatusProcess } from '../../../shared/contracts/importexport';
import {
  clientStateOf,
  defaultRecordingName,
  RECORDING_MESSAGES,
  recordingStoppedMessage,
  type RecordingClientState,
  type RecordingProcess,
  type RecordingStatus,
} from '../../../shared/contracts/recordings';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Select, type SelectOption } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { continueRecording } from '../api/continue-recording';
import { connectedPhones, recordableDevices, recordingDevicesQuery } from '../api/recording-devices';
import { unableMessage } from '../api/recording-errors';
import { recordingKeys } from '../api/recording-keys';
import { recordingStatusQuery, withRecordingStatus } from '../api/recording-status';
import { startRecording } from '../api/start-recording';
import { stopRecording } from '../api/stop-recording';
import { recordingModal } from '../recording-modal-store';
import './recording.css';

export const RECORD_COLLECTION_TITLE = 'Record Collection';
const NAME_MAX_LENGTH = 200;

/** Said on a phone in the Device list, and under the choice when one is picked (issue 28). */
export const PHONE_RECORDING_NOTE = 'Recording on phones is not supported yet';
export const PHONE_PICKED_MESSAGE = `${PHONE_RECORDING_NOTE}: record on a desktop device. A phone runs the collection once it is built in the Studio.`;

/** Spec part 1 §5 Recording: required, the collection name pattern (and the contract's length). */
const nameError = (name: string) => validate(name, required, namePattern, maxLength(NAME_MAX_LENGTH));

/** The modal's state once a recording started (spec part 1 §4): the poll's status; just started counts as recording. */
export function modalStateOf(tracked: RecordingProcess | undefined): RecordingClientState {
  return tracked ? clientStateOf(tracked.status) : 'recording';
}

/** Writes a call's answer into the polled list, then asks the server again. */
function useRecordingStatusUpdate() {
  const queryClient = useQueryClient();
  return (recordingId: string, status: RecordingStatus) => {
    queryClient.setQueryData<StatusProcess[]>(recordingKeys.status(), (processes) => processes && withRecordingStatus(processes, recordingId, status));
    void queryClient.invalidateQueries({ queryKey: recordingKeys.status() });
  };
}

interface StartFormProps {
  recordings: readonly RecordingProcess[];
}

/** The started state: a name and a desktop device, then startRecording; a phone picked says it cannot record. */
function StartForm({ recordings }: StartFormProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => defaultRecordingName());
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [touched, setTouched] = useState({ name: false, device: false });
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const devices = useQuery(recordingDevicesQuery());
  const desktops = recordableDevices(devices.data?.desktopDevices ?? [], recordings);
  const phones = connectedPhones(devices.data?.mobileDevices ?? []);
  // With phones listed, the list has a Desktop and a Mobile group; each phone says it cannot record.
  const desktopSection = phones.length > 0 ? 'Desktop' : undefined;
  const options: SelectOption[] = [
    ...desktops.map((device) => ({ id: device.deviceId, label: deviceOptionNameOf(device), section: desktopSection })),
    ...phones.map((device) => ({ id: device.deviceId, label: deviceOptionNameOf(device), section: 'Mobile', description: PHONE_RECORDING_NOTE })),
  ];
  const deviceQualifies = deviceId !== null && desktops.some((device) => device.deviceId === deviceId);
  const phonePicked = deviceId !== null && phones.some((device) => device.deviceId === deviceId);

  // Spec part 1 §5: a chosen device that stops qualifying (unplugged, taken, recording) is reset. Set while rendering,
  // as React advises for state following other data, so the stale choice never shows. A phone stays chosen while it
  // is listed, with the reason it cannot record.
  if (deviceId !== null && devices.data && !deviceQualifies && !phonePicked) {
    setDeviceId(null);
    setTouched((previous) => ({ ...previous, device: true }));
  }

  const start = useMutation({
    mutationFn: () => startRecording({ name: name.trim(), deviceId: deviceId ?? '', deviceType: 'DESKTOP' }),
    onSuccess: (recordingId) => {
      toast.success(RECORDING_MESSAGES.started);
      recordingModal.open(recordingId);
      void queryClient.invalidateQueries({ queryKey: recordingKeys.status() });
    },
    onError: (error) => {
      const key = error instanceof ApiError ? error.fieldErrors?.name?.[0] : undefined;
      setServerNameError(key ? errorMessage(key) : null);
      toast.error(unableMessage(RECORDING_MESSAGES.unableToStart, error));
      void queryClient.invalidateQueries({ queryKey: recordingKeys.devices() });
    },
  });

  const nameKey = nameError(name);
  const isValid = nameKey === null && deviceQualifies;
  const deviceError = phonePicked ? PHONE_PICKED_MESSAGE : visibleError(deviceId === null ? 'required' : null, touched.device);
  const placeholder = devices.status === 'pending' ? 'Loading devices…' : desktops.length === 0 ? 'No desktop device is available' : 'Select a device';

  return (
    <Dialog
      title={RECORD_COLLECTION_TITLE}
      isOpen
      onDismiss={recordingModal.close}
      footer={
        <>
          <Button onPress={recordingModal.close}>Cancel</Button>
          <Button variant="primary" isDisabled={!isValid || start.isPending} onPress={() => start.mutate()}>
            Start
          </Button>
        </>
      }
    >
      <div className="recording-modal__fields">
        <TextField
          label="Collection name"
          value={name}
          onChange={(value) => {
            setName(value);
            setServerNameError(null);
          }}
          onBlur={() => setTouched((previous) => ({ ...previous, name: true }))}
          isRequired
          errorMessage={visibleError(nameKey, touched.name) ?? serverNameError ?? undefined}
        />
        <Select
          label="Device"
          options={options}
          placeholder={devices.status === 'error' ? 'The device list could not be loaded.' : placeholder}
          selectedKey={deviceId}
          onSelectionChange={setDeviceId}
          onBlur={() => setTouched((previous) => ({ ...previous, device: true }))}
          isRequired
          errorMessage={deviceError ?? undefined}
        />
      </div>
    </Dialog>
  );
}

interface ActiveRecordingProps {
  recordingId: string;
  tracked: RecordingProcess | undefined;
  state: 'recording' | 'idle';
}

/** The recording and idle states: progress with Stop and Cancel, or 'do you want to continue' with Yes and Cancel. */
function ActiveRecording({ recordingId, tracked, state }: ActiveRecordingProps) {
  const updateStatus = useRecordingStatusUpdate();

  const stop = useMutation({
    mutationFn: () => stopRecording(recordingId, false),
    onSuccess: (status) => {
      updateStatus(recordingId, status);
      // Spec part 1 §4: a CANCELLED result is an error; PROCESSING means post-processing starts.
      if (status === 'CANCELLED') toast.error(recordingStoppedMessage(status));
      else toast.success(recordingStoppedMessage(status));
      recordingModal.close();
    },
    onError: (error) => toast.error(unableMessage(RECORDING_MESSAGES.unableToStop, error)),
  });
  const cancel = useMutation({
    mutationFn: () => stopRecording(recordingId, true),
    onSuccess: (status) => {
      updateStatus(recordingId, status);
      toast.success(RECORDING_MESSAGES.cancelled);
      recordingModal.close();
    },
    onError: (error) => toast.error(unableMessage(RECORDING_MESSAGES.unableToCancel, error)),
  });
  const resume = useMutation({
    mutationFn: () => continueRecording(recordingId),
    onSuccess: (status) => {
      updateStatus(recordingId, status);
      toast.success(RECORDING_MESSAGES.continued);
    },
    onError: (error) => toast.error(unableMessage(RECORDING_MESSAGES.unableToContinue, error)),
  });

  const busy = stop.isPending || cancel.isPending || resume.isPending;
  const name = tracked?.name;
  const cancelButton = (
    <Button onPress={() => cancel.mutate()} isDisabled={busy}>
      Cancel
    </Button>
  );

  return (
    <Dialog
      title={RECORD_COLLECTION_TITLE}
      isOpen
      onDismiss={recordingModal.hide}
      footer={
        state === 'recording' ? (
          <>
            {cancelButton}
            <Button variant="primary" onPress={() => stop.mutate()} isDisabled={busy}>
              Stop
            </Button>
          </>
        ) : (
          <>
            {cancelButton}
            <Button variant="primary" onPress={() => resume.mutate()} isDisabled={busy}>
              Yes
            </Button>
          </>
        )
      }
    >
      {name && <p className="recording-modal__name">{name}</p>}
      {state === 'recording' ? (
        <div className="recording-modal__progress">
          <ProgressBar label="Recording in progress" />
          <p role="status">{`Actions recorded: ${tracked?.actionCount ?? 0}`}</p>
        </div>
      ) : (
        <p role="status">The recording browser was closed. Do you want to continue?</p>
      )}
    </Dialog>
  );
}

export interface RecordCollectionModalProps {
  /** The recording followed; null before one is started. */
  recordingId: string | null;
}

/** The Record Collection modal of spec part 1 §2 in its three states; it closes when the recording ends (§4). */
export function RecordCollectionModal({ recordingId }: RecordCollectionModalProps) {
  const { data: recordings = [] } = useQuery(recordingStatusQuery());
  if (recordingId === null) return <StartForm recordings={recordings} />;
  const tracked = recordings.find((process) => process.recordingId === recordingId);
  const state = modalStateOf(tracked);
  // A stopped recording closes the modal: the watcher sees the same poll and closes the store.
  if (state === 'stopped') return null;
  return <ActiveRecording key={recordingId} recordingId={recordingId} tracked={tracked} state={state === 'idle' ? 'idle' : 'recording'} />;
}
