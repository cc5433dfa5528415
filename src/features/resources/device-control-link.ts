import type { Device } from '../../shared/contracts/devices';
import { MOBILE_PLATFORM_LABELS, MOBILE_PLATFORMS, type MobilePlatform } from '../../shared/contracts/mobile';

const isMobilePlatform = (deviceType: string): deviceType is MobilePlatform => (MOBILE_PLATFORMS as readonly string[]).includes(deviceType);

/** The Type column: a phone's platform as testers write it (Android, iOS), other kinds as the server names them. */
export function deviceTypeLabelOf(device: Pick<Device, 'deviceType'>): string {
  return isMobilePlatform(device.deviceType) ? MOBILE_PLATFORM_LABELS[device.deviceType] : device.deviceType;
}

/** A phone's page in OpenSTF: `<stf origin>/#!/control/<serial>`, the serial the agent listed it by. */
export function stfDeviceUrl(stfUrl: string, device: Pick<Device, 'deviceSerial' | 'deviceName'>): string {
  return `${stfUrl.replace(/\/$/, '')}/#!/control/${encodeURIComponent(device.deviceSerial ?? device.deviceName)}`;
}
