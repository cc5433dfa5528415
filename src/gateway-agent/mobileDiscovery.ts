import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { z } from 'zod';
import { mobileDeviceSchema, mobileDevicesFileSchema, type MobileDevice } from '../shared/contracts/mobile';

const run = promisify(execFile);
const ADB_TIMEOUT_MS = 10_000;

/** The devices file could not be used; the message names the file and what is wrong with it. */
export class DevicesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DevicesFileError';
  }
}

/** The devices of a `--devices` file's text (a list, or `{ "devices": [...] }`), or a DevicesFileError saying what is wrong. */
export function parseDevicesFile(text: string, path: string): MobileDevice[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DevicesFileError(`The devices file ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = mobileDevicesFileSchema.safeParse(json);
  if (!parsed.success) {
    // The union's own issue says only "Invalid input": the list itself says which device and field is wrong.
    const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null && 'devices' in json ? json.devices : undefined;
    const issue = (list === undefined ? parsed : z.array(mobileDeviceSchema).safeParse(list)).error?.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new DevicesFileError(
      `The devices file ${path} is not a list of devices${where}: ${issue?.message ?? 'unexpected shape'}. ` +
        'Each device needs a udid and a platform (ANDROID or IOS), e.g. [{"udid": "emulator-5554", "platform": "ANDROID", "name": "Pixel 7"}]',
    );
  }
  const seen = new Set<string>();
  for (const device of parsed.data) {
    if (seen.has(device.udid)) throw new DevicesFileError(`The devices file ${path} lists the device ${device.udid} twice`);
    seen.add(device.udid);
  }
  return parsed.data;
}

export async function readDevicesFile(path: string): Promise<MobileDevice[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DevicesFileError(code === 'ENOENT' ? `The devices file ${path} does not exist` : `The devices file ${path} cannot be read (${code ?? String(error)})`);
  }
  return parseDevicesFile(text, path);
}

/** One line of `adb devices -l`: its serial, its state (device, unauthorized, offline…) and its model when adb tells it. */
export interface AdbEntry {
  serial: string;
  state: string;
  model: string;
}

/**
 * `adb devices -l` output: after the "List of devices attached" line, one device a line, `<serial> <state>` then
 * `key:value` pairs (usb:, product:, model:, device:, transport_id:). adb writes spaces of a model as underscores.
 */
export function parseAdbDevices(output: string): AdbEntry[] {
  return output.split(/\r?\n/).flatMap((line) => {
    const [serial, state, ...pairs] = line.trim().split(/\s+/);
    if (!serial || !state || line.startsWith('List of devices') || serial.startsWith('*')) return [];
    const model = pairs.find((pair) => pair.startsWith('model:'))?.slice('model:'.length).replaceAll('_', ' ') ?? '';
    return [{ serial, state, model }];
  });
}

/** The file's devices, and adb's that the file does not name (by udid: the file wins). */
export function mergeDevices(fromFile: readonly MobileDevice[], fromAdb: readonly MobileDevice[]): MobileDevice[] {
  const named = new Set(fromFile.map((device) => device.udid));
  return [...fromFile, ...fromAdb.filter((device) => !named.has(device.udid))];
}

type Exec = (file: string, args: readonly string[]) => Promise<string>;
const execText: Exec = async (file, args) => (await run(file, [...args], { timeout: ADB_TIMEOUT_MS })).stdout;

/**
 * The Android devices adb sees as ready (state `device`), with their OS versions; none when adb is not installed.
 * A device adb lists in another state (unauthorized, offline) is logged with what to do.
 */
export async function adbDevices(log: (line: string) => void, exec: Exec = execText): Promise<MobileDevice[]> {
  let output: string;
  try {
    output = await exec('adb', ['devices', '-l']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    log(`adb devices -l failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): Android devices are not discovered this time`);
    return [];
  }
  const devices: MobileDevice[] = [];
  for (const entry of parseAdbDevices(output)) {
    if (entry.state !== 'device') {
      log(`adb lists ${entry.serial} as ${entry.state}: ${entry.state === 'unauthorized' ? 'allow USB debugging on the device' : 'reconnect it'} to serve it`);
      continue;
    }
    const osVersion = await exec('adb', ['-s', entry.serial, 'shell', 'getprop', 'ro.build.version.release']).then(
      (text) => text.trim(),
      () => '',
    );
    devices.push(mobileDeviceSchema.parse({ udid: entry.serial, platform: 'ANDROID', model: entry.model, osVersion }));
  }
  return devices;
}

/** The devices this agent serves now: the devices file's (read each time, so an edit counts) and adb's. */
export async function discoverDevices(devicesFile: string | undefined, log: (line: string) => void, exec?: Exec): Promise<MobileDevice[]> {
  const fromFile = devicesFile === undefined ? [] : await readDevicesFile(devicesFile);
  return mergeDevices(fromFile, await adbDevices(log, exec));
}
