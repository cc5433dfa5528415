import { apiJson } from '../../../lib/api-client';
import { idempotencyHeaders, pendingView, type OfflineMutation } from '../../../offline/outbox';
import { deviceSavedResponseSchema, type CmdDeviceType, type Device } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';
import type { DeviceLists } from './devices';
import { resourcesKeys } from './resources-keys';

const RENAME_PATHS: Record<CmdDeviceType, string> = {
  MOBILE: endpoints.devices.setMobileName,
  DESKTOP: endpoints.devices.setDesktopName,
  BROWSER: endpoints.devices.setBrowserName,
};

/** GET the setName path of the resource's kind with the new name in the query (spec part 1 §7 Devices). */
export async function renameDevice(
  device: Pick<Device, 'deviceId' | 'cmdDeviceType'>,
  deviceDisplayName: string,
  headers?: Record<string, string>,
): Promise<Device> {
  const query = new URLSearchParams({ deviceId: device.deviceId, deviceDisplayName: deviceDisplayName.trim() });
  return (await apiJson(`${RENAME_PATHS[device.cmdDeviceType]}?${query}`, deviceSavedResponseSchema, { headers })).data;
}

export interface DeviceRename extends Pick<Device, 'deviceId' | 'cmdDeviceType'> {
  deviceDisplayName: string;
}

export const deviceRecord = (deviceId: string) => `device:${deviceId}`;

/**
 * Renaming a resource, offline-capable. The rename is a GET (spec §7), which the server's Idempotency-Key store does
 * not cover; it needs none: it sets the name, so applying it twice leaves the same name.
 */
export const renameDeviceMutation: OfflineMutation<DeviceRename, Device> = {
  mutationKey: [...resourcesKeys.all, 'rename'],
  scope: ({ deviceId }) => deviceRecord(deviceId),
  describe: ({ deviceDisplayName }) => `Resource '${deviceDisplayName}'`,
  refreshes: () => [resourcesKeys.devices()],
  shows: (rename) => [pendingView(resourcesKeys.devices(), (lists: DeviceLists) => withDeviceRenamed(lists, rename))],
  send: (rename, { idempotencyKey }) => renameDevice(rename, rename.deviceDisplayName, idempotencyHeaders(idempotencyKey)),
};

/** The device lists with a rename applied. */
export function withDeviceRenamed(lists: DeviceLists, { deviceId, deviceDisplayName }: DeviceRename): DeviceLists {
  const rename = (devices: Device[]) => devices.map((device) => (device.deviceId === deviceId ? { ...device, deviceDisplayName } : device));
  return { mobileDevices: rename(lists.mobileDevices), desktopDevices: rename(lists.desktopDevices), browserDevices: rename(lists.browserDevices) };
}
