import { apiJson } from '../../../lib/api-client';
import { deviceSavedResponseSchema, type CmdDeviceType, type Device } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';

const RENAME_PATHS: Record<CmdDeviceType, string> = {
  MOBILE: endpoints.devices.setMobileName,
  DESKTOP: endpoints.devices.setDesktopName,
  BROWSER: endpoints.devices.setBrowserName,
};

/** GET the setName path of the resource's kind with the new name in the query (spec part 1 §7 Devices). */
export async function renameDevice(device: Pick<Device, 'deviceId' | 'cmdDeviceType'>, deviceDisplayName: string): Promise<Device> {
  const query = new URLSearchParams({ deviceId: device.deviceId, deviceDisplayName: deviceDisplayName.trim() });
  return (await apiJson(`${RENAME_PATHS[device.cmdDeviceType]}?${query}`, deviceSavedResponseSchema)).data;
}
