import { describe, expect, it } from 'vitest';
import { EMULATED_PHONE } from '../../server/testing/appium';
import { sessionLostReason } from './appiumSession';

const APPIUM = 'http://127.0.0.1:4723';
const reasonOf = (message: string, name = 'WebDriverError') => sessionLostReason(Object.assign(new Error(message), { name }), EMULATED_PHONE, APPIUM);

describe('a lost device, told from a failed step', () => {
  it('reads a refused or dropped connection to Appium as Appium gone', () => {
    expect(reasonOf('fetch failed: connect ECONNREFUSED 127.0.0.1:4723')).toMatch(/went away: Appium at http:\/\/127\.0\.0\.1:4723 stopped answering$/);
    expect(reasonOf('socket hang up')).toMatch(/stopped answering$/);
    // What webdriverio says when Appium dies with a request in flight.
    expect(reasonOf('Request failed with error code UND_ERR_SOCKET')).toMatch(/stopped answering$/);
  });

  it("reads the session's or its device's end as the device gone, whatever Appium driver says it", () => {
    for (const message of [
      'invalid session id',
      'A session is either terminated or not started',
      'chrome not reachable',
      'disconnected: not connected to DevTools',
      'no such window: target window already closed',
      'An unknown server-side error occurred while processing the command. Original error: Could not proxy command to the remote server.',
      "Device emulator-5554 was not in the list of connected devices",
      'error: device offline',
    ]) {
      expect(reasonOf(message), message).toMatch(/went away: its Appium session ended \(/);
    }
  });

  it('leaves what a step did wrong to the step', () => {
    expect(reasonOf('no such element: Unable to locate element: {"method":"css selector","selector":"#x"}', 'no such element')).toBeNull();
    expect(reasonOf('element click intercepted: Element is not clickable at point (10, 20)')).toBeNull();
    expect(reasonOf('javascript error: x is not defined')).toBeNull();
  });
});
