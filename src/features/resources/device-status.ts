/** The derived status of a resource (spec part 1 §4 Device status). */
export type DeviceStatus = 'Offline' | 'Busy' | 'Available';

export function deviceStatusOf(device: { pluggedIn: boolean; deviceInUse: boolean }): DeviceStatus {
  if (!device.pluggedIn) return 'Offline';
  return device.deviceInUse ? 'Busy' : 'Available';
}

/** Only a busy resource holds a run that releasing can stop. */
export function isReleasable(device: { pluggedIn: boolean; deviceInUse: boolean }): boolean {
  return deviceStatusOf(device) === 'Busy';
}
