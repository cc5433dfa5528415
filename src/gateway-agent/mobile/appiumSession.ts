import { remote } from 'webdriverio';
import { MOBILE_PLATFORM_LABELS, type MobileDevice, type MobilePlatform } from '../../shared/contracts/mobile';
import { RunEnded } from '../../server/runs/executor/runFlows';

/** A webdriverio session on an Appium server. */
export type AppiumSession = WebdriverIO.Browser;

/** A session's first answer can take a minute on a real phone (UiAutomator2 installs its server app the first time). */
const COMMAND_TIMEOUT_MS = 120_000;
const STATUS_TIMEOUT_MS = 5_000;

/** Appium's driver for each platform, and how a tester installs it. */
const PLATFORM_DEFAULTS: Readonly<Record<MobilePlatform, { platformName: string; automationName: string }>> = {
  ANDROID: { platformName: 'Android', automationName: 'UiAutomator2' },
  IOS: { platformName: 'iOS', automationName: 'XCUITest' },
};

/** The device as a tester reads it in a message: its name, else its model and serial. */
export function deviceLabel(device: MobileDevice): string {
  if (device.name) return device.name;
  return [device.model, `${MOBILE_PLATFORM_LABELS[device.platform]} ${device.udid}`].filter(Boolean).join(', ');
}

/**
 * The W3C capabilities of the device's session: the platform's driver and the device's UDID, overlaid by the
 * capabilities of its devices.json entry. webdriverio keeps to classic WebDriver, which every Appium driver speaks.
 */
export function sessionCapabilities(device: MobileDevice): Record<string, unknown> {
  const defaults = PLATFORM_DEFAULTS[device.platform];
  return {
    platformName: defaults.platformName,
    'appium:automationName': defaults.automationName,
    'appium:udid': device.udid,
    ...device.capabilities,
    'wdio:enforceWebDriverClassic': true,
  };
}

/** Appium answered, but could not open a session on the device: the message says why, for the tester. */
export class MobileSessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MobileSessionError';
  }
}

/** The device stopped answering mid-run (unplugged, Appium stopped): the run ends ABORTED with this message. */
export class DeviceGone extends RunEnded {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceGone';
  }
}

const unreachable = (appiumUrl: string, why: string) => `Appium is not reachable at URL: ${appiumUrl} (${why})`;

/** How a tester installs the driver of an automationName. */
function installHint(automationName: string): string {
  return `Appium has no ${automationName} driver: install it with \`appium driver install ${automationName.toLowerCase()}\``;
}

/** Node's and undici's words for a connection that could not be made or was cut (UND_ERR_SOCKET: closed mid-request). */
const CONNECTION_FAILURE = /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENOTFOUND|ETIMEDOUT|EPIPE|UND_ERR_SOCKET|UND_ERR_CONNECT|UND_ERR_CLOSED|socket hang up|fetch failed|other side closed/i;
/**
 * What Appium answers once the device under a session is gone: the session or its browser ended (a killed Chromium,
 * an unplugged phone), or the device left adb.
 */
const SESSION_ENDED =
  /invalid session id|session is either terminated or not started|session not created|no such session|disconnected|chrome not reachable|session deleted|target window already closed|could not proxy command|device offline|not in the list of connected devices/i;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The first line of a WebDriver error, without webdriverio's "WebDriverError: " and "when running …" around it. */
export const webDriverReason = (error: unknown): string =>
  (messageOf(error).split('\n')[0] ?? '').replace(/^WebDriverError: /, '').replace(/ when running "[^"]+" with method "\w+"$/, '');

/** Whether an error of a session command means that Appium or the device is gone, not that the step failed. */
export function sessionLostReason(error: unknown, device: MobileDevice, appiumUrl: string): string | null {
  const message = messageOf(error);
  const name = error instanceof Error ? error.name : '';
  if (CONNECTION_FAILURE.test(message)) return `${deviceLabel(device)} went away: Appium at ${appiumUrl} stopped answering`;
  if (SESSION_ENDED.test(name) || SESSION_ENDED.test(message)) {
    return `${deviceLabel(device)} went away: its Appium session ended (${webDriverReason(error)})`;
  }
  return null;
}

/** Whether Appium answers at `appiumUrl`: null when it is ready, else what a tester should know. */
export async function appiumStatus(appiumUrl: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(new URL('status', `${appiumUrl.replace(/\/+$/, '')}/`), { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : messageOf(error);
    return unreachable(appiumUrl, cause);
  }
  const body = (await response.json().catch(() => null)) as { value?: { ready?: boolean; message?: string } } | null;
  if (!response.ok || body?.value === undefined) return unreachable(appiumUrl, `it answered HTTP ${response.status}, not an Appium status`);
  if (body.value.ready === false) return `Appium at ${appiumUrl} is not ready${body.value.message ? `: ${body.value.message}` : ''}`;
  return null;
}

/** Appium's answer to a new session, in the tester's words. */
function sessionError(error: unknown, device: MobileDevice, capabilities: Record<string, unknown>, appiumUrl: string): Error {
  const message = messageOf(error);
  if (CONNECTION_FAILURE.test(message)) return new MobileSessionError(unreachable(appiumUrl, message.split('\n')[0] ?? ''));
  if (message.includes('Could not find a driver for automationName')) {
    return new MobileSessionError(installHint(String(capabilities['appium:automationName'])));
  }
  return new MobileSessionError(`Appium could not start a session on ${deviceLabel(device)}: ${webDriverReason(error)}`);
}

/** Opens the run's session; Appium not reachable or without the device's driver throws MobileSessionError. */
export async function openSession(appiumUrl: string, device: MobileDevice): Promise<AppiumSession> {
  const problem = await appiumStatus(appiumUrl);
  if (problem !== null) throw new MobileSessionError(problem);
  const url = new URL(appiumUrl);
  const capabilities = sessionCapabilities(device);
  try {
    return await remote({
      protocol: url.protocol.replace(':', ''),
      hostname: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      path: url.pathname,
      logLevel: 'silent',
      // A lost device must end the run at once, not after retries.
      connectionRetryCount: 0,
      connectionRetryTimeout: COMMAND_TIMEOUT_MS,
      capabilities: capabilities as WebdriverIO.Capabilities,
    });
  } catch (error) {
    throw sessionError(error, device, capabilities, appiumUrl);
  }
}
