import { describe, expect, it } from 'vitest';
import { chromiumPathFrom, DEFAULT_CHROMIUM_PATH } from './chromiumPath';

describe('chromiumPathFrom', () => {
  it('takes CHROMIUM_PATH when it is set, else Debian’s Chromium', () => {
    expect(chromiumPathFrom({ CHROMIUM_PATH: ' /opt/chrome/chrome ' })).toBe('/opt/chrome/chrome');
    expect(chromiumPathFrom({ CHROMIUM_PATH: '  ' })).toBe(DEFAULT_CHROMIUM_PATH);
    expect(chromiumPathFrom({})).toBe('/usr/bin/chromium');
  });
});
