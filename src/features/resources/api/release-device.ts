import { apiJson } from '../../../lib/api-client';
import type { Device } from '../../../shared/contracts/devices';
import { messageResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';

/** POST {automation}/remote/releaseDevice?deviceId with a form body deviceType (spec part 1 §7 Devices). */
export function releaseDevice(device: Pick<Device, 'deviceId' | 'cmdDeviceType'>) {
  return apiJson(`${endpoints.runs.releaseDevice}?${new URLSearchParams({ deviceId: device.deviceId })}`, messageResponseSchema, {
    method: 'POST',
    body: new URLSearchParams({ deviceType: device.cmdDeviceType }),
  });
}
