import { platform, type } from 'node:os';
import { CMD_DEVICE_TYPES, deviceDisplayNameOf, type CmdDeviceType, type Device } from '../../shared/contracts/devices';
import type { Db } from '../db/database';
import { agentMachines, type AgentMachine } from '../gateway-agents/repository';
import { mobileDetails, type MobileDetails } from '../gateway-agents/mobileDevices';
import { devicesHeldByRecordings } from '../recordings/repository';
import type { ResourcesTable } from '../db/schema';

function toCmdDeviceType(value: string): CmdDeviceType {
  const cmdDeviceType = CMD_DEVICE_TYPES.find((known) => known === value);
  if (!cmdDeviceType) throw new Error(`Unknown cmd_device_type ${value} in the resources table`);
  return cmdDeviceType;
}

/**
 * The resource in the Device shape of spec part 1 §3. The pool's browsers run Chromium on this machine, so their
 * model and OS are known here; a gateway agent's are what it reported when it registered, and so are a phone's
 * (deviceType ANDROID or IOS, its model, deviceOS 'Android', deviceOSDisplay 'Android 14').
 */
export function toDevice(row: ResourcesTable, agent?: AgentMachine, phone?: MobileDetails): Device {
  const cmdDeviceType = toCmdDeviceType(row.cmd_device_type);
  const displayName = deviceDisplayNameOf({ deviceDisplayName: row.device_display_name, deviceName: row.device_name });
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    deviceDisplayName: displayName,
    customName: displayName,
    assignedCustomName: displayName,
    ...(phone ? { deviceModel: phone.model, deviceOS: phone.os, deviceOSDisplay: phone.osDisplay, deviceType: phone.platform, deviceSerial: phone.udid } : machineOf(row, cmdDeviceType, agent)),
    cmdDeviceType,
    pluggedIn: row.plugged_in === 1,
    deviceInUse: row.device_in_use === 1,
  };
}

/** A browser's or a desktop agent's model, OS and device type. */
function machineOf(row: ResourcesTable, cmdDeviceType: CmdDeviceType, agent?: AgentMachine): Pick<Device, 'deviceModel' | 'deviceOS' | 'deviceOSDisplay' | 'deviceType'> {
  const isBrowser = cmdDeviceType === 'BROWSER';
  // A remote browser's machine is not this one: its OS is not known here.
  const isLocalBrowser = isBrowser && row.token_hash === null;
  return {
    deviceModel: isBrowser ? 'Chromium' : (agent?.browsers.join(', ') ?? ''),
    deviceOS: isLocalBrowser ? platform() : (agent?.os ?? ''),
    deviceOSDisplay: isLocalBrowser ? type() : isBrowser ? 'Remote' : (agent?.os ?? ''),
    deviceType: cmdDeviceType,
  };
}

export async function listDevices(db: Db): Promise<Device[]> {
  const rows = await db.selectFrom('resources').selectAll().orderBy('cmd_device_type').orderBy('device_name').execute();
  const desktopIds = rows.filter((row) => row.cmd_device_type === 'DESKTOP').map((row) => row.device_id);
  const agents = await agentMachines(db, desktopIds);
  const recording = await devicesHeldByRecordings(db, desktopIds);
  const phones = await mobileDetails(db, rows.filter((row) => row.cmd_device_type === 'MOBILE').map((row) => row.device_id));
  return rows.map((row) => toDevice(recording.has(row.device_id) ? { ...row, device_in_use: 1 } : row, agents.get(row.device_id), phones.get(row.device_id)));
}

/** Renames one resource of the given kind; undefined when there is none. */
export async function renameDevice(db: Db, cmdDeviceType: CmdDeviceType, deviceId: string, displayName: string): Promise<Device | undefined> {
  const row = await db
    .updateTable('resources')
    .set({ device_display_name: displayName, updated_at: new Date().toISOString() })
    .where('device_id', '=', deviceId)
    .where('cmd_device_type', '=', cmdDeviceType)
    .returningAll()
    .executeTakeFirst();
  return row && toDevice(row, (await agentMachines(db, [row.device_id])).get(row.device_id), (await mobileDetails(db, [row.device_id])).get(row.device_id));
}
