import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { devicesResponseSchema, type Device, type DevicesResponse } from '../../../shared/contracts/devices';
import { isActiveRecordingStatus, type RecordingProcess } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { recordingKeys } from './recording-keys';

/** The resources the Device choice lists: desktops to record on, and phones, which it names to say they cannot be. */
export type RecordingDeviceLists = Pick<DevicesResponse['data'], 'desktopDevices' | 'mobileDevices'>;

/**
 * GET {automation}/stats/getdevices: the DESKTOP and MOBILE resources, polled with the device status period while the
 * modal asks for one, so a device that stops qualifying leaves the choice (spec part 1 §5 Recording).
 */
export const recordingDevicesQuery = () =>
  queryOptions({
    queryKey: recordingKeys.devices(),
    queryFn: async ({ signal }): Promise<RecordingDeviceLists> => {
      const { desktopDevices, mobileDevices } = (await apiJson(endpoints.devices.list, devicesResponseSchema, { signal })).data;
      return { desktopDevices, mobileDevices };
    },
    ...pollingOptions(POLL.deviceStatusMs),
  });

/** Spec part 1 §5: a plugged-in, available (not in use) desktop device that no active recording holds. */
export function recordableDevices(devices: readonly Device[], recordings: readonly RecordingProcess[]): Device[] {
  const held = new Set(recordings.filter((recording) => isActiveRecordingStatus(recording.status)).map((recording) => recording.deviceId));
  return devices.filter((device) => device.cmdDeviceType === 'DESKTOP' && device.pluggedIn && !device.deviceInUse && !held.has(device.deviceId));
}

/** Plugged-in phones: listed so that a tester who looks for one learns why it cannot record (issue 28). */
export function connectedPhones(devices: readonly Device[]): Device[] {
  return devices.filter((device) => device.cmdDeviceType === 'MOBILE' && device.pluggedIn);
}
