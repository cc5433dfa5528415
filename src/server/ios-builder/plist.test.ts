import { describe, expect, it } from 'vitest';
import { plistXml } from '../testing/iosMaterial';
import { parsePlist, PlistError } from './plist';
import { appIdCovers } from './signingMaterial';

describe('plist reader', () => {
  it('reads back what the test material writes: dicts, arrays, strings with entities, numbers, booleans, dates and data', () => {
    const value = {
      Name: 'Team <A> & "B"',
      Version: 1,
      Nested: { list: ['a', true, false, new Date('2027-01-02T03:04:05Z')] },
      Bytes: new Uint8Array([0, 1, 254, 255]),
      Empty: [],
    };
    expect(parsePlist(plistXml(value))).toEqual(value);
  });

  it('keeps a __proto__ key an ordinary key', () => {
    const parsed = parsePlist('<plist><dict><key>__proto__</key><string>x</string></dict></plist>');
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });

  it.each([
    ['<dict><key>a</key><string>b</string></dict>', 'not a plist'],
    ['<plist><dict><string>b</string></dict></plist>', 'a dict entry without a key'],
    ['<plist><integer>twelve</integer></plist>', 'a number that is not one'],
    ['<plist><dict><key>a</key><script>x</script></dict></plist>', 'an unknown element'],
    ['<plist><string>open', 'an unterminated element'],
  ])('refuses %s (%s)', (xml) => {
    expect(() => parsePlist(xml)).toThrow(PlistError);
  });
});

describe('app id patterns', () => {
  it.each([
    ['*', 'com.acme.StudioXCTInjector', true],
    ['com.acme.*', 'com.acme.StudioXCTInjector', true],
    ['com.acme.*', 'com.acme.', false],
    ['com.acme.*', 'com.acmeco.StudioXCTInjector', false],
    ['com.acme.StudioXCTInjector', 'com.acme.StudioXCTInjector', true],
    ['com.acme.Other', 'com.acme.StudioXCTInjector', false],
  ])('%s covers %s: %s', (pattern, bundleId, covers) => {
    expect(appIdCovers(pattern, bundleId)).toBe(covers);
  });
});
