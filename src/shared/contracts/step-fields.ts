import type { Step, StepAction } from './collections';
import { attributeExpectationOf, mobileSelectorProblem, swipeOf } from './mobile';

/**
 * What each browser step action asks for (issue 27): its fields, their names and hints, and the checks the Studio and
 * the server both make on them. The executor (src/server/runs/executor/stepActions.ts) reads the same two text slots of
 * a step, `target` and `value`; an action names them after what they hold for it ("URL", "Element", "Expected text").
 */
export type StepSlot = 'target' | 'value';

export interface StepChoice {
  id: string;
  label: string;
}

export interface StepFieldSpec {
  slot: StepSlot;
  label: string;
  /** Shown under the field: what goes there, with an example. */
  hint: string;
  placeholder?: string;
  /** The message when the field is blank; absent for an optional field. */
  requiredMessage?: string;
  /** A further check of a filled-in field: its message, or null when the text is fine. */
  check?: (text: string) => string | null;
  /** A closed set of values, shown as a choice; the first is what a blank or unknown value means. */
  choices?: readonly StepChoice[];
  /**
   * The slot older documents kept this field's text in while this one is blank: recordings and collections saved
   * before issue 27 put Open URL's address in `target`, which the executor still reads when `value` is blank.
   */
  legacySlot?: StepSlot;
}

export interface StepActionSpec {
  label: string;
  fields: readonly StepFieldSpec[];
  /** Whether the step waits up to its timeout (Set variable does not). */
  usesTimeout: boolean;
  /** A phone step (issue 28): 'only' runs on a mobile resource alone, 'also' in a browser too. */
  mobile?: 'only' | 'also';
}

export const STEP_SLOTS: readonly StepSlot[] = ['target', 'value'];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Schemes a step may open or request: web pages, and about:blank. */
const OPENABLE_PROTOCOLS = new Set(['http:', 'https:', 'about:']);
const PLACEHOLDER = /\$\{[^}]*\}/g;

/**
 * A URL the executor can open: an absolute http(s) or about: address, a path on this server (/demo-app/), or one that
 * starts with a variable (${BASE_URL}/…). Variables elsewhere in it are checked as plain text.
 */
export function urlProblem(text: string): string | null {
  const url = text.trim();
  if (/\s/.test(url)) return 'A URL has no spaces: encode them as %20';
  if (url.startsWith('${') || url.startsWith('/')) return null;
  try {
    if (OPENABLE_PROTOCOLS.has(new URL(url.replace(PLACEHOLDER, 'variable')).protocol)) return null;
  } catch {
    // Not an absolute URL: no scheme, as in 127.0.0.1:8080/login.
  }
  return 'Start the URL with http:// or https://, with / for a page of this server, or with ${BASE_URL}';
}

/** "URL" or "METHOD URL", as the HTTP request step reads its target. */
function requestProblem(text: string): string | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length > 2) return `Write the method, one space, then the URL: GET https://…`;
  const [first = '', second] = parts;
  if (second === undefined) return urlProblem(first);
  if (!(HTTP_METHODS as readonly string[]).includes(first.toUpperCase())) return `Start with ${HTTP_METHODS.join(', ')}, then the URL`;
  return urlProblem(second);
}

const VARIABLE_NAME = /^\w+$/;

/** The element a step acts on; `kind` names it in the hint when it must be one kind of element. */
const element = (doing: string, example = 'text=Sign in', kind?: string): StepFieldSpec => ({
  slot: 'target',
  label: 'Element',
  hint: `${kind ? `The ${kind}: a` : 'A'} CSS selector or text=…, e.g. ${example}`,
  placeholder: example,
  requiredMessage: `Enter the element ${doing}`,
});

/** The element a phone step acts on, by any strategy Appium knows (contracts/mobile.ts mobileLocatorOf). */
const mobileElement = (doing: string, example = '~Sign in'): StepFieldSpec => ({
  slot: 'target',
  label: 'Element',
  hint: `~accessibility id, id=…, an XPath (//…), android=…, ios=…, text=…, or CSS on mobile web; e.g. ${example}`,
  placeholder: example,
  requiredMessage: `Enter the element ${doing}`,
  check: mobileSelectorProblem,
});

const swipeProblem = (text: string): string | null => {
  const swipe = swipeOf(text);
  return 'problem' in swipe ? swipe.problem : null;
};

const contains = (what: string, subject: string, example: string): StepFieldSpec => ({
  slot: 'value',
  label: `Expected ${what}`,
  hint: `Passes when ${subject} contains this text`,
  placeholder: example,
  requiredMessage: `Enter the expected ${what}`,
});

export const STEP_ACTION_SPECS: Readonly<Record<StepAction, StepActionSpec>> = {
  open: {
    label: 'Open URL',
    usesTimeout: true,
    fields: [
      {
        slot: 'value',
        legacySlot: 'target',
        label: 'URL',
        hint: 'The page to open: https://…, a path of this server (/demo-app/), or ${BASE_URL}/…',
        placeholder: 'https://example.com/login',
        requiredMessage: 'Enter the URL to open',
        check: urlProblem,
      },
    ],
  },
  click: { label: 'Click', usesTimeout: true, fields: [element('to click')] },
  type: {
    label: 'Type text',
    usesTimeout: true,
    fields: [
      element('to type into', '#username'),
      { slot: 'value', label: 'Text', hint: 'Replaces what the field holds; leave empty to clear it', placeholder: 'demo' },
    ],
  },
  select: {
    label: 'Select option',
    usesTimeout: true,
    fields: [
      element('to choose in', '#country', '<select> list'),
      { slot: 'value', label: 'Option', hint: "The option's value or its visible label", placeholder: 'France', requiredMessage: 'Enter the option to choose' },
    ],
  },
  check: {
    label: 'Check',
    usesTimeout: true,
    fields: [
      element('to tick or untick', '#remember-me', 'checkbox or radio button'),
      {
        slot: 'value',
        label: 'State',
        hint: 'Whether the step ticks or unticks it',
        choices: [
          { id: 'true', label: 'Ticked' },
          { id: 'false', label: 'Unticked' },
        ],
      },
    ],
  },
  press: {
    label: 'Press key',
    usesTimeout: true,
    fields: [
      { ...element('to press the key in', '#search'), requiredMessage: undefined, label: 'Element (optional)', hint: 'Leave empty to press the key on the page' },
      { slot: 'value', label: 'Key', hint: 'A key or a combination: Enter, Tab, Control+A', placeholder: 'Enter', requiredMessage: 'Enter the key to press' },
    ],
  },
  waitFor: { label: 'Wait for element', usesTimeout: true, fields: [element('to wait for', '#results')] },
  assertText: { label: 'Assert text', usesTimeout: true, fields: [element('whose text to check', 'h1'), contains('text', "the element's text", 'Welcome back')] },
  assertVisible: { label: 'Assert visible', usesTimeout: true, fields: [element('that must be visible', '#banner')] },
  assertUrl: { label: 'Assert URL', usesTimeout: true, fields: [contains('URL', "the page's URL", '/dashboard')] },
  assertTitle: { label: 'Assert title', usesTimeout: true, fields: [contains('title', "the page's title", 'Demo items')] },
  screenshot: { label: 'Take screenshot', usesTimeout: true, fields: [] },
  httpRequest: {
    label: 'HTTP request',
    usesTimeout: true,
    fields: [
      {
        slot: 'target',
        label: 'Request',
        hint: 'A URL, or a method and a URL (GET is the default): POST ${BASE_URL}/api/items',
        placeholder: 'GET https://example.com/health',
        requiredMessage: 'Enter the URL to request',
        check: requestProblem,
      },
      { slot: 'value', label: 'Body', hint: 'Sent as the request body; leave empty for none', placeholder: '{"name": "demo"}' },
    ],
  },
  setVariable: {
    label: 'Set variable',
    usesTimeout: false,
    fields: [
      {
        slot: 'target',
        label: 'Variable name',
        hint: 'Later steps use it as ${name}',
        placeholder: 'orderId',
        requiredMessage: "Enter the variable's name",
        check: (name) => (VARIABLE_NAME.test(name.trim()) ? null : 'Use letters, digits and underscores only'),
      },
      { slot: 'value', label: 'Value', hint: 'Text; it may use other ${variables}', placeholder: 'A-1001' },
    ],
  },
  launchApp: {
    label: 'Launch app',
    usesTimeout: true,
    mobile: 'only',
    fields: [
      {
        slot: 'target',
        label: 'App',
        hint: 'Android: package/activity (com.example.shop/.MainActivity) or the package; iOS: the bundle id (com.example.Shop)',
        placeholder: 'com.example.shop/.MainActivity',
        requiredMessage: 'Enter the app to launch',
        check: (app) => (/\s/.test(app.trim()) ? 'An app id has no spaces' : null),
      },
    ],
  },
  tap: { label: 'Tap', usesTimeout: true, mobile: 'also', fields: [mobileElement('to tap')] },
  clear: { label: 'Clear text', usesTimeout: true, mobile: 'also', fields: [mobileElement('to clear', 'id=com.example.shop:id/search')] },
  swipe: {
    label: 'Swipe',
    usesTimeout: true,
    mobile: 'only',
    fields: [
      {
        slot: 'value',
        label: 'Direction',
        hint: "The finger's movement: up, down, left or right, or from x,y to x,y in pixels",
        placeholder: 'up',
        requiredMessage: 'Enter up, down, left, right or from x,y to x,y',
        check: swipeProblem,
      },
    ],
  },
  scroll: {
    label: 'Scroll',
    usesTimeout: true,
    mobile: 'only',
    fields: [
      { ...mobileElement('to scroll to', '~Checkout'), requiredMessage: undefined, label: 'Element (optional)', hint: 'Scrolls until it shows; leave empty to scroll once' },
      { slot: 'value', label: 'Direction', hint: 'The content moves: down (the default), up, left or right, or from x,y to x,y', placeholder: 'down', check: swipeProblem },
    ],
  },
  back: { label: 'Back', usesTimeout: false, mobile: 'also', fields: [] },
  hideKeyboard: { label: 'Hide keyboard', usesTimeout: false, mobile: 'only', fields: [] },
  assertAttribute: {
    label: 'Assert attribute',
    usesTimeout: true,
    mobile: 'also',
    fields: [
      mobileElement('whose attribute to check', '~Remember me'),
      {
        slot: 'value',
        label: 'Attribute',
        hint: 'The attribute, =, and the text its value must contain: checked=true, enabled=false, content-desc=Cart',
        placeholder: 'checked=true',
        requiredMessage: 'Enter the attribute and its expected value',
        check: (text) => {
          const expectation = attributeExpectationOf(text);
          return 'problem' in expectation ? expectation.problem : null;
        },
      },
    ],
  },
};

export const STEP_ACTION_LABELS: Readonly<Record<StepAction, string>> = Object.fromEntries(
  Object.entries(STEP_ACTION_SPECS).map(([action, spec]) => [action, spec.label]),
) as Record<StepAction, string>;

type StepTexts = Pick<Step, 'action' | 'target' | 'value'>;

/** The text a field shows and the executor uses: its slot, else the legacy slot an older document kept it in. */
export function stepFieldText(step: StepTexts, field: StepFieldSpec): string {
  const text = step[field.slot];
  return text === '' && field.legacySlot ? step[field.legacySlot] : text;
}

/** A field's new text, moved out of the legacy slot so that the step holds it once. */
export function withStepFieldText(field: StepFieldSpec, text: string): Partial<Pick<Step, StepSlot>> {
  return field.legacySlot ? { [field.slot]: text, [field.legacySlot]: '' } : { [field.slot]: text };
}

/** The choice a choice field shows: the value's own, else the first (what the executor does with a blank or other value). */
export function stepFieldChoice(step: StepTexts, field: StepFieldSpec): string | undefined {
  const choices = field.choices ?? [];
  const text = stepFieldText(step, field).trim().toLowerCase();
  return (choices.find((choice) => choice.id === text) ?? choices[0])?.id;
}

/** Why a field of the step cannot be saved, or null. */
export function stepFieldProblem(step: StepTexts, field: StepFieldSpec): string | null {
  const text = stepFieldText(step, field);
  if (text.trim() === '') return field.requiredMessage ?? null;
  return field.check?.(text) ?? null;
}

export interface StepFieldIssue {
  slot: StepSlot;
  message: string;
}

/** Every field of the step's action that cannot be saved, with its message. */
export function stepFieldIssues(step: StepTexts): StepFieldIssue[] {
  return STEP_ACTION_SPECS[step.action].fields.flatMap((field) => {
    const message = stepFieldProblem(step, field);
    return message ? [{ slot: field.slot, message }] : [];
  });
}

/**
 * The step as another action: the texts of slots the new action uses stay (Type text's element becomes Assert text's
 * element), the others are cleared, so no hidden text is saved or run. A name still the old action's follows the new one.
 */
export function withStepAction(step: Step, action: StepAction): Step {
  const used = new Set(STEP_ACTION_SPECS[action].fields.map((field) => field.slot));
  const texts = Object.fromEntries(STEP_SLOTS.map((slot) => [slot, used.has(slot) ? step[slot] : ''])) as Pick<Step, StepSlot>;
  const stepName = step.stepName === STEP_ACTION_LABELS[step.action] ? STEP_ACTION_LABELS[action] : step.stepName;
  return { ...step, ...texts, action, stepName };
}
