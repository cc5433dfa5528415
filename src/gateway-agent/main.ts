import { parseArgs } from 'node:util';
import { startGatewayAgent } from './agent';
import { findChromium, hasDisplay } from './chromium';
import { startMobileGatewayAgent } from './mobileAgent';
import { appiumDriver } from './mobileDriver';

const usage = `Usage: npm run agent -- --platform URL --token TOKEN [--name NAME] [--headless] [--recording-debug-port N]
       npm run agent -- --platform URL --token TOKEN --appium http://127.0.0.1:4723 [--devices devices.json]
  --platform   the platform's address, e.g. https://studio.example.com
  --token      the agent token Resource Management showed once (or GATEWAY_AGENT_TOKEN)
  --name       the name the resource shows (default: the token's name)
  --headless   no browser window even when a display is present
  --recording-debug-port  the recording browser listens for CDP on 127.0.0.1:N (to drive it from a test)
  --appium     serve the phones an Appium server drives (instead of this machine's Chromium): its address
  --devices    with --appium: a JSON list of devices, [{"udid": "…", "platform": "ANDROID" or "IOS", "name", "model",
               "osVersion", "capabilities": {…}}]; Android devices that adb lists are added
Chromium: CHROMIUM_PATH, else /usr/bin/chromium or the usual Chrome install.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    platform: { type: 'string' },
    token: { type: 'string' },
    name: { type: 'string' },
    headless: { type: 'boolean', default: false },
    'recording-debug-port': { type: 'string' },
    appium: { type: 'string' },
    devices: { type: 'string' },
  },
  strict: true,
});

const platform = values.platform ?? fail('--platform is required');
if (!/^https?:\/\//.test(platform)) fail(`--platform must be an http:// or https:// address, got "${platform}"`);
const token = values.token ?? process.env.GATEWAY_AGENT_TOKEN ?? fail('--token (or GATEWAY_AGENT_TOKEN) is required');
const debugPortText = values['recording-debug-port'];
const recordingDebugPort = debugPortText === undefined ? undefined : Number(debugPortText);
if (recordingDebugPort !== undefined && !(Number.isInteger(recordingDebugPort) && recordingDebugPort > 0 && recordingDebugPort < 65536)) {
  fail(`--recording-debug-port must be a port number, got "${debugPortText}"`);
}
const appiumUrl = values.appium;
if (appiumUrl !== undefined && !/^https?:\/\//.test(appiumUrl)) fail(`--appium must be an http:// address of an Appium server, e.g. http://127.0.0.1:4723, got "${appiumUrl}"`);
if (values.devices !== undefined && appiumUrl === undefined) fail('--devices needs --appium: the devices are driven through Appium');

const agentStart = async (): Promise<{ close(): Promise<void> }> => {
  if (appiumUrl !== undefined) {
    return startMobileGatewayAgent({ platform, token, appiumUrl, devicesFile: values.devices, driver: await appiumDriver(), onRevoked: () => process.exit(1) });
  }
  const chromiumPath = (await findChromium()) ?? fail('No Chromium or Chrome found: install one or set CHROMIUM_PATH');
  return startGatewayAgent({
    platform,
    token,
    name: values.name,
    chromiumPath,
    headless: values.headless || !hasDisplay(),
    onRevoked: () => process.exit(1),
    recordingDebugPort,
  });
};

try {
  const agent = await agentStart();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void agent.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`The gateway agent could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
