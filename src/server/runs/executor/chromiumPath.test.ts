import { describe, expect, it } from 'vitest';
import { CHROMIUM_BROWSER_PATH, CHROMIUM_HEADLESS_SHELL_PATH, headlessChromiumPath } from './chromiumPath';

describe('headlessChromiumPath', () => {
  const shellInstalled = (path: string) => path === CHROMIUM_HEADLESS_SHELL_PATH;
  const nothingInstalled = () => false;

  it('takes CHROMIUM_PATH first, whatever is installed', () => {
    expect(headlessChromiumPath({ CHROMIUM_PATH: ' /opt/chrome/chrome ' }, shellInstalled)).toBe('/opt/chrome/chrome');
  });

  it('prefers the headless shell when it is installed, else Chromium', () => {
    expect(headlessChromiumPath({}, shellInstalled)).toBe(CHROMIUM_HEADLESS_SHELL_PATH);
    expect(headlessChromiumPath({ CHROMIUM_PATH: '  ' }, nothingInstalled)).toBe(CHROMIUM_BROWSER_PATH);
  });
});
