import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/** Resource kinds of spec part 1 §3: cmdDeviceType names the list a resource belongs to. */
export const CMD_DEVICE_TYPES = ['MOBILE', 'DESKTOP', 'BROWSER'] as const;
export type CmdDeviceType = (typeof CMD_DEVICE_TYPES)[number];

/** The spec's device types, plus BROWSER for the server's own browser resources (docs/decisions.md). */
export const DEVICE_KINDS = ['ANDROID', 'IOS', 'WINDOWS_DESKTOP', 'MOBILE', 'DESKTOP', 'BROWSER'] as const;

export const UNKNOWN_DEVICE_NAME = 'Unknown';

/** Display name falls back to deviceName, then 'Unknown' (spec part 1 §3 Device). */
export function deviceDisplayNameOf(device: { deviceDisplayName?: string | null; deviceName?: string | null }): string {
  return device.deviceDisplayName?.trim() || device.deviceName?.trim() || UNKNOWN_DEVICE_NAME;
}

/** A device option of a selector takes its name from customName (spec part 1 §3), else the display name. */
export function deviceOptionNameOf(device: { customName?: string | null; deviceDisplayName?: string | null; deviceName?: string | null }): string {
  return device.customName?.trim() || deviceDisplayNameOf(device);
}

export const deviceSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  deviceDisplayName: z.string(),
  customName: z.string(),
  assignedCustomName: z.string(),
  deviceModel: z.string(),
  deviceOS: z.string(),
  deviceOSDisplay: z.string(),
  deviceType: z.enum(DEVICE_KINDS),
  cmdDeviceType: z.enum(CMD_DEVICE_TYPES),
  pluggedIn: z.boolean(),
  deviceInUse: z.boolean(),
  /** A phone's serial or UDID as Appium and device control (STF) know it (issue 28); absent for other resources. */
  deviceSerial: z.string().optional(),
});
export type Device = z.infer<typeof deviceSchema>;

/** GET {automation}/stats/getdevices. */
export const devicesResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    mobileDevices: z.array(deviceSchema),
    desktopDevices: z.array(deviceSchema),
    browserDevices: z.array(deviceSchema),
  }),
});
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

/** GET {automation}/devices/setName, /desktopDevices/setName, /browserDevices/setName: the new name in the query. */
export const setDeviceNameQuerySchema = z.object({
  deviceId: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(200),
  deviceDisplayName: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(100, FIELD_ERROR_KEYS.maxLength),
});
export type SetDeviceNameQuery = z.infer<typeof setDeviceNameQuerySchema>;

export const RESOURCE_SAVED_MESSAGE = 'Resource Saved';

export function resourceNotFoundMessage(deviceId: string): string {
  return `Resource ${deviceId} not found`;
}

export const deviceSavedResponseSchema = z.object({ status: z.literal(true), message: z.string(), data: deviceSchema });
