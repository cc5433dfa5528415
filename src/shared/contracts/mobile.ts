import { z } from 'zod';

/**
 * Phones and tablets reached through Appium (issue 28): the gateway agent's `--devices` file, what it registers, and
 * how a step names a native element.
 */
export const MOBILE_PLATFORMS = ['ANDROID', 'IOS'] as const;
export type MobilePlatform = (typeof MOBILE_PLATFORMS)[number];

export const MOBILE_PLATFORM_LABELS: Readonly<Record<MobilePlatform, string>> = { ANDROID: 'Android', IOS: 'iOS' };

/**
 * One device the agent serves: an entry of the tester's devices.json, or a phone `adb devices -l` lists. `capabilities`
 * are extra W3C capabilities for its Appium session (e.g. `appium:automationName`), over the platform's defaults.
 */
export const mobileDeviceSchema = z.object({
  /** The device's serial or UDID as Appium knows it; unique per agent. */
  udid: z.string().trim().min(1).max(200),
  platform: z.enum(MOBILE_PLATFORMS),
  name: z.string().trim().min(1).max(200).optional(),
  model: z.string().trim().max(200).default(''),
  osVersion: z.string().trim().max(50).default(''),
  capabilities: z.record(z.string(), z.unknown()).default({}),
});
export type MobileDevice = z.infer<typeof mobileDeviceSchema>;

/** The devices.json file: a list of devices, or `{ "devices": [...] }`. */
export const mobileDevicesFileSchema = z.union([z.array(mobileDeviceSchema), z.object({ devices: z.array(mobileDeviceSchema) }).transform((file) => file.devices)]);

/** W3C locator strategies Appium drivers accept, as a step's Element names them. */
export const MOBILE_LOCATOR_STRATEGIES = ['accessibility id', 'id', 'xpath', '-android uiautomator', '-ios predicate string', 'css selector'] as const;
export type MobileLocatorStrategy = (typeof MOBILE_LOCATOR_STRATEGIES)[number];

export interface MobileLocator {
  using: MobileLocatorStrategy;
  value: string;
}

/** The prefixes a step's Element may start with, and what each means; text without one is a CSS selector. */
export const MOBILE_SELECTOR_PREFIXES: readonly { prefix: string; using: MobileLocatorStrategy; example: string }[] = [
  { prefix: '~', using: 'accessibility id', example: '~Sign in' },
  { prefix: 'id=', using: 'id', example: 'id=com.example.shop:id/login' },
  { prefix: 'xpath=', using: 'xpath', example: 'xpath=//android.widget.Button[@text="OK"]' },
  { prefix: 'android=', using: '-android uiautomator', example: 'android=new UiSelector().text("OK")' },
  { prefix: 'ios=', using: '-ios predicate string', example: "ios=label == 'OK'" },
  { prefix: 'css=', using: 'css selector', example: 'css=#username' },
];

/**
 * How a step's Element text finds an element on a phone: a known prefix names the strategy, text that starts with `/`
 * or `(` is XPath, `text=…` is the element whose text is exactly that, and anything else is CSS (mobile web).
 */
export function mobileLocatorOf(text: string): MobileLocator {
  const selector = text.trim();
  for (const { prefix, using } of MOBILE_SELECTOR_PREFIXES) {
    if (selector.startsWith(prefix)) return { using, value: selector.slice(prefix.length).trim() };
  }
  if (selector.startsWith('/') || selector.startsWith('(')) return { using: 'xpath', value: selector };
  if (selector.startsWith('text=')) {
    const wanted = selector.slice('text='.length).trim();
    return { using: 'xpath', value: `//*[normalize-space(text())=${xpathLiteral(wanted)} or @text=${xpathLiteral(wanted)} or @label=${xpathLiteral(wanted)}]` };
  }
  return { using: 'css selector', value: selector };
}

/** A string as an XPath literal, whatever quotes it holds. */
export function xpathLiteral(text: string): string {
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  return `concat(${text
    .split('"')
    .map((part) => `"${part}"`)
    .join(`, '"', `)})`;
}

/** Why an Element text cannot find anything on a phone, or null. */
export function mobileSelectorProblem(text: string): string | null {
  const { using, value } = mobileLocatorOf(text);
  if (value === '') return `Write what to find after the prefix, e.g. ${MOBILE_SELECTOR_PREFIXES.find((entry) => entry.using === using)?.example ?? '~Sign in'}`;
  return null;
}

export const SWIPE_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type SwipeDirection = (typeof SWIPE_DIRECTIONS)[number];

export interface SwipePath {
  from: { x: number; y: number };
  to: { x: number; y: number };
}

const POINT = /^(\d{1,5})\s*,\s*(\d{1,5})$/;

/**
 * A swipe or scroll: a direction (up, down, left, right: the finger's movement), or `from x,y to x,y` in screen
 * pixels. Answers the direction, the path, or the reason the text is neither.
 */
export function swipeOf(text: string): { direction: SwipeDirection } | { path: SwipePath } | { problem: string } {
  const trimmed = text.trim().toLowerCase();
  if ((SWIPE_DIRECTIONS as readonly string[]).includes(trimmed)) return { direction: trimmed as SwipeDirection };
  const match = /^from\s+(.+?)\s+to\s+(.+)$/.exec(trimmed);
  const from = match?.[1] ? POINT.exec(match[1]) : null;
  const to = match?.[2] ? POINT.exec(match[2]) : null;
  if (from && to) return { path: { from: { x: Number(from[1]), y: Number(from[2]) }, to: { x: Number(to[1]), y: Number(to[2]) } } };
  return { problem: 'Write up, down, left or right, or from x,y to x,y (pixels), e.g. from 200,800 to 200,200' };
}

/** `name=expected` of Assert attribute: the attribute and the text its value must contain. */
export function attributeExpectationOf(text: string): { name: string; expected: string } | { problem: string } {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  if (!/^[\w:.-]+$/.test(name)) return { problem: 'Write the attribute, =, then the expected value, e.g. checked=true' };
  return { name, expected: text.slice(at + 1) };
}
