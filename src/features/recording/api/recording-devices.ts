import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { devicesResponseSchema, type Device } from '../../../shared/contracts/devices';
import { isActiveRecordingStatus, type RecordingProcess } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { recordingKeys } from './recording-keys';

/**
 * GET {automation}/stats/getdevices: the DESKTOP resources, polled with the device status period while the modal asks
 * for one, so a device that stops qualifying leaves the choice (spec part 1 §5 Recording).
 */
export const recordingDevicesQuery = () =>
  queryOptions({
    queryKey: recordingKeys.devices(),
    queryFn: async ({ signal }): Promise<Device[]> => (await apiJson(endpoints.devices.list, devicesResponseSchema, { signal })).data.desktopDevices,
    ...pollingOptions(POLL.deviceStatusMs),
  });

/** Spec part 1 §5: a plugged-in, available (not in use) desktop device that no active recording holds. */
export function recordableDevices(devices: readonly Device[], recordings: readonly RecordingProcess[]): Device[] {
  const held = new Set(recordings.filter((recording) => isActiveRecordingStatus(recording.status)).map((recording) => recording.deviceId));
  return devices.filter((device) => device.cmdDeviceType === 'DESKTOP' && device.pluggedIn && !device.deviceInUse && !held.has(device.deviceId));
}
