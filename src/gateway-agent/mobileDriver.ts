import type { MobileDriver } from './mobileAgent';

/**
 * The Appium executor the agent drives phones with (src/gateway-agent/mobile). Loaded only for --appium: a desktop
 * agent never loads webdriverio.
 */
export async function appiumDriver(): Promise<MobileDriver> {
  const { appiumStatus, DeviceGone, executeMobileRun } = await import('./mobile');
  return {
    execute: executeMobileRun,
    status: appiumStatus,
    deviceGoneReason: (error) => (error instanceof DeviceGone ? error.message : undefined),
  };
}
