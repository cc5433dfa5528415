import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceSavedResponseSchema, devicesResponseSchema } from '../../../shared/contracts/devices';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { CHROMIUM } from '../../testing/runFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe('devices', () => {
  let t: TestServer;
  let manager: string;

  beforeEach(async () => {
    // A real Chromium: the pool is plugged in only while its browser can be launched (the run service's checkBrowserPool).
    t = await startTestServer({ browserPoolSize: 2, chromiumPath: CHROMIUM });
    manager = await t.tokenFor(await t.createUser(['ORGANIZATIONS_MANAGEMENT']));
    const now = new Date().toISOString();
    const agent = { plugged_in: 1, device_in_use: 0, created_at: now, updated_at: now };
    await t.server.services.db
      .insertInto('resources')
      .values([
        { ...agent, id: 'r-mobile', device_id: 'pixel-7', device_name: 'Pixel 7', device_display_name: '', cmd_device_type: 'MOBILE' },
        { ...agent, id: 'r-desktop', device_id: 'mac-1', device_name: '', device_display_name: '', cmd_device_type: 'DESKTOP', device_in_use: 1 },
      ])
      .execute();
  });
  afterEach(async () => t.close());

  const devices = async (token: string) => devicesResponseSchema.parse(await (await t.request(endpoints.devices.list, { token })).json()).data;
  const rename = (path: string, deviceId: string, deviceDisplayName: string) =>
    t.request(`${path}?${new URLSearchParams({ deviceId, deviceDisplayName }).toString()}`, { token: manager });

  it('lists resources by kind in the Device shape, names falling back to deviceName then Unknown', async () => {
    const data = await devices(await t.tokenFor(await t.createUser([])));
    expect(data.browserDevices.map((device) => device.deviceDisplayName)).toEqual(['Browser 1', 'Browser 2']);
    expect(data.browserDevices[0]).toMatchObject({
      deviceId: 'browser-1',
      cmdDeviceType: 'BROWSER',
      deviceType: 'BROWSER',
      deviceModel: 'Chromium',
      pluggedIn: true,
      deviceInUse: false,
      customName: 'Browser 1',
    });
    expect(data.mobileDevices).toEqual([expect.objectContaining({ deviceId: 'pixel-7', deviceDisplayName: 'Pixel 7', deviceType: 'MOBILE' })]);
    expect(data.desktopDevices).toEqual([expect.objectContaining({ deviceId: 'mac-1', deviceDisplayName: 'Unknown', deviceInUse: true })]);
  });

  it('renames each kind through its own path and answers Resource Saved', async () => {
    for (const [path, deviceId, name] of [
      [endpoints.devices.setBrowserName, 'browser-2', 'Fast browser'],
      [endpoints.devices.setMobileName, 'pixel-7', 'QA phone'],
      [endpoints.devices.setDesktopName, 'mac-1', '  Build Mac  '],
    ] as const) {
      const response = await rename(path, deviceId, name);
      expect(response.status).toBe(200);
      const answer = deviceSavedResponseSchema.parse(await response.json());
      expect(answer).toMatchObject({ message: 'Resource Saved', data: { deviceId, deviceDisplayName: name.trim() } });
    }
    const data = await devices(manager);
    expect(data.browserDevices.map((device) => device.deviceDisplayName)).toEqual(['Browser 1', 'Fast browser']);
    expect(data.mobileDevices[0]?.deviceDisplayName).toBe('QA phone');
    expect(data.desktopDevices[0]?.deviceDisplayName).toBe('Build Mac');
  });

  it('requires a name, and renames only a resource of the path kind', async () => {
    const blank = await rename(endpoints.devices.setBrowserName, 'browser-1', '   ');
    expect(blank.status).toBe(400);
    expect(errorBodySchema.parse(await blank.json()).fieldErrors).toEqual({ deviceDisplayName: ['required'] });
    const missing = await t.request(`${endpoints.devices.setBrowserName}?deviceId=browser-1`, { token: manager });
    expect(errorBodySchema.parse(await missing.json()).fieldErrors).toHaveProperty('deviceDisplayName');

    const wrongKind = await rename(endpoints.devices.setMobileName, 'browser-1', 'Phone?');
    expect(wrongKind.status).toBe(404);
    expect(errorBodySchema.parse(await wrongKind.json()).message).toBe('Resource browser-1 not found');
    expect((await devices(manager)).browserDevices[0]?.deviceDisplayName).toBe('Browser 1');
  });

  it('keeps a renamed browser name over a restart of the pool', async () => {
    expect((await rename(endpoints.devices.setBrowserName, 'browser-1', 'Kept name')).status).toBe(200);
    await t.server.close();
    const again = await startTestServer({ dataDir: t.dataDir, takeOverDataDir: true, browserPoolSize: 2 });
    t = again;
    const token = await t.tokenFor(t.admin);
    expect((await devices(token)).browserDevices[0]?.deviceDisplayName).toBe('Kept name');
  });
});
