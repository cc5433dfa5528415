/** Phones through Appium (issue 28): what the gateway agent needs to run a collection on a device. */
export { appiumStatus, DeviceGone, deviceLabel, MobileSessionError, sessionCapabilities } from './appiumSession';
export { executeMobileRun, type MobileRunInput } from './mobileExecutor';
