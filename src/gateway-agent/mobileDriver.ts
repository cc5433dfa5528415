import type { MobileDriver } from './mobileAgent';

/**
 * The Appium executor the agent drives phones with (src/gateway-agent/mobile: executeMobileRun, appiumStatus and its
 * DeviceGone error), or undefined while this build has none; main.ts then refuses --appium saying so.
 */
export function appiumDriver(): MobileDriver | undefined {
  return undefined;
}
