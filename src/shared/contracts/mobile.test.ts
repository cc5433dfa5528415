import { describe, expect, it } from 'vitest';
import { attributeExpectationOf, mobileDevicesFileSchema, mobileLocatorOf, mobileSelectorProblem, swipeOf, xpathLiteral } from './mobile';
import { stepFieldIssues } from './step-fields';

describe('phone steps (issue 28)', () => {
  it('reads the locator strategy of an Element from its prefix, XPath from / or (, and CSS otherwise', () => {
    expect(mobileLocatorOf('~Sign in')).toEqual({ using: 'accessibility id', value: 'Sign in' });
    expect(mobileLocatorOf('id=com.example:id/login')).toEqual({ using: 'id', value: 'com.example:id/login' });
    expect(mobileLocatorOf('//android.widget.Button[@text="OK"]')).toEqual({ using: 'xpath', value: '//android.widget.Button[@text="OK"]' });
    expect(mobileLocatorOf('(//XCUIElementTypeCell)[2]')).toEqual({ using: 'xpath', value: '(//XCUIElementTypeCell)[2]' });
    expect(mobileLocatorOf('xpath=//a')).toEqual({ using: 'xpath', value: '//a' });
    expect(mobileLocatorOf('android=new UiSelector().text("OK")')).toEqual({ using: '-android uiautomator', value: 'new UiSelector().text("OK")' });
    expect(mobileLocatorOf("ios=label == 'OK'")).toEqual({ using: '-ios predicate string', value: "label == 'OK'" });
    expect(mobileLocatorOf(' #username ')).toEqual({ using: 'css selector', value: '#username' });
    expect(mobileLocatorOf('css=~odd')).toEqual({ using: 'css selector', value: '~odd' });
    expect(mobileLocatorOf('text=Sign in')).toEqual({
      using: 'xpath',
      value: '//*[normalize-space(text())="Sign in" or @text="Sign in" or @label="Sign in"]',
    });
  });

  it('quotes any text as an XPath literal', () => {
    expect(xpathLiteral('plain')).toBe('"plain"');
    expect(xpathLiteral('say "hi"')).toBe(`'say "hi"'`);
    expect(xpathLiteral(`it's "x"`)).toBe(`concat("it's ", '"', "x", '"', "")`);
  });

  it('refuses a prefix with nothing after it, with an example of that strategy', () => {
    expect(mobileSelectorProblem('~')).toBe('Write what to find after the prefix, e.g. ~Sign in');
    expect(mobileSelectorProblem('android= ')).toBe('Write what to find after the prefix, e.g. android=new UiSelector().text("OK")');
    expect(mobileSelectorProblem('~Cart')).toBeNull();
  });

  it('reads a swipe as a direction or from x,y to x,y, and says how to write one otherwise', () => {
    expect(swipeOf(' Up ')).toEqual({ direction: 'up' });
    expect(swipeOf('from 200,800 to 200, 200')).toEqual({ path: { from: { x: 200, y: 800 }, to: { x: 200, y: 200 } } });
    expect(swipeOf('sideways')).toEqual({ problem: 'Write up, down, left or right, or from x,y to x,y (pixels), e.g. from 200,800 to 200,200' });
    expect(swipeOf('from 1,2 to 3')).toHaveProperty('problem');
  });

  it('reads Assert attribute as name=expected', () => {
    expect(attributeExpectationOf('checked=true')).toEqual({ name: 'checked', expected: 'true' });
    expect(attributeExpectationOf('content-desc=a=b')).toEqual({ name: 'content-desc', expected: 'a=b' });
    expect(attributeExpectationOf('no equals sign')).toHaveProperty('problem');
  });

  it('checks each phone action field in the collection contract, with a message per field', () => {
    expect(stepFieldIssues({ action: 'tap', target: '', value: '' })).toEqual([{ slot: 'target', message: 'Enter the element to tap' }]);
    expect(stepFieldIssues({ action: 'launchApp', target: 'com.example shop', value: '' })).toEqual([{ slot: 'target', message: 'An app id has no spaces' }]);
    expect(stepFieldIssues({ action: 'swipe', target: '', value: 'diagonal' })).toEqual([
      { slot: 'value', message: 'Write up, down, left or right, or from x,y to x,y (pixels), e.g. from 200,800 to 200,200' },
    ]);
    expect(stepFieldIssues({ action: 'scroll', target: '', value: '' })).toEqual([]);
    expect(stepFieldIssues({ action: 'assertAttribute', target: '~Remember', value: 'checked' })).toEqual([
      { slot: 'value', message: 'Write the attribute, =, then the expected value, e.g. checked=true' },
    ]);
    expect(stepFieldIssues({ action: 'back', target: '', value: '' })).toEqual([]);
  });

  it('reads a devices file as a list or as { devices }, and refuses a device without udid or platform', () => {
    const device = { udid: 'emulator-5554', platform: 'ANDROID', model: 'Pixel 7' };
    const parsed = mobileDevicesFileSchema.parse([device]);
    expect(parsed).toEqual([{ udid: 'emulator-5554', platform: 'ANDROID', model: 'Pixel 7', osVersion: '', capabilities: {} }]);
    expect(mobileDevicesFileSchema.parse({ devices: [device] })).toEqual(parsed);
    expect(mobileDevicesFileSchema.safeParse([{ platform: 'ANDROID' }]).success).toBe(false);
    expect(mobileDevicesFileSchema.safeParse([{ udid: 'x', platform: 'WINDOWS' }]).success).toBe(false);
  });
});
