import { describe, expect, it } from 'vitest';
import { deviceStatusOf, isReleasable } from './device-status';

describe('deviceStatusOf', () => {
  it.each([
    { pluggedIn: false, deviceInUse: false, status: 'Offline', releasable: false },
    { pluggedIn: false, deviceInUse: true, status: 'Offline', releasable: false },
    { pluggedIn: true, deviceInUse: true, status: 'Busy', releasable: true },
    { pluggedIn: true, deviceInUse: false, status: 'Available', releasable: false },
  ])('pluggedIn $pluggedIn, in use $deviceInUse -> $status', ({ pluggedIn, deviceInUse, status, releasable }) => {
    expect(deviceStatusOf({ pluggedIn, deviceInUse })).toBe(status);
    expect(isReleasable({ pluggedIn, deviceInUse })).toBe(releasable);
  });
});
