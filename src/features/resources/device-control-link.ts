import type { Device } from '../../shared/contracts/devices';
import { MOBILE_PLATFORM_LABELS, MOBILE_PLATFORMS, type MobilePlatform } from '../../shared/contracts/mobile';

const isMobilePlatform = (deviceType: string): deviceType is MobilePlatform => (MOBILE_PLATFORMS as readonly string[]).includes(deviceType);

/** The Type column: a phone's platform as testers write it (Android, iOS), other kinds as the server names them. */
export function deviceTypeLabelOf(device: Pick<Device, 'deviceType'>): string {
  return isMobilePlatform(device.deviceType) ? MOBILE_PLATFORM_LABELS[device.deviceType] : device.deviceType;
}

/**
 * The serial STF knows a phone by. The Device shape carries no udid: the server names a phone by the name the agent
 * gave it, else its model, else its udid, so deviceName is the serial only for a phone listed without name or model.
 */
const stfSerialOf = (device: Pick<Device, 'deviceName'>): string => device.deviceName;

/** A phone's page in OpenSTF: `<stf origin>/#!/control/<serial>`. */
export function stfDeviceUrl(stfUrl: string, device: Pick<Device, 'deviceName'>): string {
  return `${stfUrl.replace(/\/$/, '')}/#!/control/${encodeURIComponent(stfSerialOf(device))}`;
}
