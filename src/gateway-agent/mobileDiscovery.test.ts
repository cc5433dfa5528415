import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adbDevices, DevicesFileError, discoverDevices, mergeDevices, parseAdbDevices, parseDevicesFile, readDevicesFile } from './mobileDiscovery';

/** `adb devices -l` as adb prints it: a header, then `<serial> <state>` and key:value pairs; a blank line ends it. */
const ADB_OUTPUT = `* daemon not running; starting now at tcp:5037
* daemon started successfully
List of devices attached
emulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1
R58M123ABC             device usb:1-1 product:beyond1ltexx model:SM_G973F device:beyond1 transport_id:2
0123456789ABCDEF       unauthorized usb:1-2 transport_id:3
ZY223                  offline transport_id:4

`;

describe('the devices file', () => {
  it('reads a list or { devices }, with defaults for what it leaves out', () => {
    const list = parseDevicesFile('[{"udid": "emulator-5554", "platform": "ANDROID", "name": "Pixel", "capabilities": {"appium:automationName": "UiAutomator2"}}]', 'devices.json');
    expect(list).toEqual([{ udid: 'emulator-5554', platform: 'ANDROID', name: 'Pixel', model: '', osVersion: '', capabilities: { 'appium:automationName': 'UiAutomator2' } }]);
    expect(parseDevicesFile('{"devices": [{"udid": "00008110", "platform": "IOS", "osVersion": "17.2"}]}', 'devices.json')).toEqual([
      { udid: '00008110', platform: 'IOS', model: '', osVersion: '17.2', capabilities: {} },
    ]);
  });

  it('says which file is wrong and how', () => {
    expect(() => parseDevicesFile('[{"udid": ', 'lab/devices.json')).toThrow(/^The devices file lab\/devices.json is not valid JSON \(/);
    expect(() => parseDevicesFile('[{"udid": "a", "platform": "WINDOWS"}]', 'devices.json')).toThrow(
      /^The devices file devices.json is not a list of devices at 0.platform: .*Each device needs a udid and a platform \(ANDROID or IOS\)/,
    );
    expect(() => parseDevicesFile('{"phones": []}', 'devices.json')).toThrow(DevicesFileError);
    expect(() => parseDevicesFile('[{"udid": "a", "platform": "IOS"}, {"udid": "a", "platform": "IOS"}]', 'devices.json')).toThrow(
      'The devices file devices.json lists the device a twice',
    );
  });

  describe('on disk', () => {
    let dir = '';
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('names a missing file', async () => {
      dir = await mkdtemp(join(tmpdir(), 'devices-'));
      await expect(readDevicesFile(join(dir, 'nope.json'))).rejects.toThrow(`The devices file ${join(dir, 'nope.json')} does not exist`);
      const file = join(dir, 'devices.json');
      await writeFile(file, '[{"udid": "emulator-5554", "platform": "ANDROID", "name": "From the file", "osVersion": "15"}]');
      // The file wins over adb for a device both name; adb adds the others.
      const exec = (_file: string, args: readonly string[]) =>
        Promise.resolve(args[0] === 'devices' ? ADB_OUTPUT : `${args[1] === 'emulator-5554' ? '14' : '13'}\n`);
      const devices = await discoverDevices(file, () => undefined, exec);
      expect(devices.map((device) => [device.udid, device.name, device.osVersion])).toEqual([
        ['emulator-5554', 'From the file', '15'],
        ['R58M123ABC', undefined, '13'],
      ]);
    });
  });
});

describe('adb devices -l', () => {
  it('reads serials, states and models (underscores back to spaces), skipping the daemon lines and the header', () => {
    expect(parseAdbDevices(ADB_OUTPUT)).toEqual([
      { serial: 'emulator-5554', state: 'device', model: 'sdk gphone64 x86 64' },
      { serial: 'R58M123ABC', state: 'device', model: 'SM G973F' },
      { serial: '0123456789ABCDEF', state: 'unauthorized', model: '' },
      { serial: 'ZY223', state: 'offline', model: '' },
    ]);
    expect(parseAdbDevices('List of devices attached\r\n\r\n')).toEqual([]);
  });

  it('serves the ready devices with their Android versions and says what to do about the others', async () => {
    const calls: string[] = [];
    const exec = (_file: string, args: readonly string[]) => {
      calls.push(args.join(' '));
      return Promise.resolve(args[0] === 'devices' ? ADB_OUTPUT : '14\n');
    };
    const lines: string[] = [];
    const devices = await adbDevices((line) => lines.push(line), exec);
    expect(devices).toEqual([
      { udid: 'emulator-5554', platform: 'ANDROID', model: 'sdk gphone64 x86 64', osVersion: '14', capabilities: {} },
      { udid: 'R58M123ABC', platform: 'ANDROID', model: 'SM G973F', osVersion: '14', capabilities: {} },
    ]);
    expect(calls).toEqual(['devices -l', '-s emulator-5554 shell getprop ro.build.version.release', '-s R58M123ABC shell getprop ro.build.version.release']);
    expect(lines).toEqual([
      'adb lists 0123456789ABCDEF as unauthorized: allow USB debugging on the device to serve it',
      'adb lists ZY223 as offline: reconnect it to serve it',
    ]);
  });

  it('finds nothing, quietly, where adb is not installed', async () => {
    const missing = Object.assign(new Error('spawn adb ENOENT'), { code: 'ENOENT' });
    const lines: string[] = [];
    expect(await adbDevices((line) => lines.push(line), () => Promise.reject(missing))).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('merges by udid, the file first', () => {
    const file = [{ udid: 'a', platform: 'IOS' as const, model: '', osVersion: '', capabilities: {} }];
    const adb = [
      { udid: 'a', platform: 'ANDROID' as const, model: 'x', osVersion: '1', capabilities: {} },
      { udid: 'b', platform: 'ANDROID' as const, model: 'y', osVersion: '2', capabilities: {} },
    ];
    expect(mergeDevices(file, adb).map((device) => [device.udid, device.platform])).toEqual([
      ['a', 'IOS'],
      ['b', 'ANDROID'],
    ]);
  });
});
