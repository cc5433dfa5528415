import { errors, type APIRequestContext, type BrowserContext, type Page } from 'playwright-core';
import type { Step, StepAction } from '../../../shared/contracts/collections';
import { attributeExpectationOf, mobileLocatorOf } from '../../../shared/contracts/mobile';
import { STEP_ACTION_LABELS } from '../../../shared/contracts/step-fields';
import type { FileRef } from '../../../shared/contracts/runs';
import type { RunArtifacts } from '../artifacts';
import { refusalOf } from './stepUrls';
import { substitute } from './variables';

/** A step that ran and did not meet its expectation; validationResult says what was compared. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly validationResult = '',
    readonly attachments: FileRef[] = [],
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

export interface StepOutcome {
  validationResult: string;
  images: FileRef[];
  attachments: FileRef[];
}

export interface StepEnvironment {
  page: Page;
  context: BrowserContext;
  variables: Map<string, string>;
  artifacts: RunArtifacts;
  baseUrl: string;
}

/** A step with its `${name}` placeholders replaced. */
export interface ResolvedStep extends Step {
  target: string;
  value: string;
}

const ASSERT_POLL_MS = 50;

export const passed = (validationResult = '', extra: Partial<StepOutcome> = {}): StepOutcome => ({
  validationResult,
  images: [],
  attachments: [],
  ...extra,
});

export function absoluteUrl(url: string, baseUrl: string): string {
  return new URL(url, `${baseUrl}/`).toString();
}

export function requireTarget(step: ResolvedStep, kind = 'a CSS or text= selector'): string {
  if (step.target.trim() === '') throw new StepFailure(`The ${step.action} step needs a target (${kind})`);
  return step.target;
}

/** A failure message quotes at most this much of what the page showed; the validation result keeps more. */
export const FOUND_IN_MESSAGE_CHARS = 80;
const FOUND_IN_VALIDATION_CHARS = 1_000;

/**
 * What the page showed, quoted on one line and cut to `max` characters (with the full length when cut), so a failure
 * stays one readable line whatever the page holds.
 */
export function quoteFound(text: string, max = FOUND_IN_MESSAGE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return 'no text';
  if (flat.length <= max) return `"${flat}"`;
  return `"${flat.slice(0, max - 1)}…" (${flat.length} characters)`;
}

/**
 * Every failure message reads "<what was expected, naming the selector>; found <what the page showed>": what was found
 * is last, so the same failure on changing page data differs only after "; found " (docs/decisions.md, issue 27).
 */
export const failureMessage = (expected: string, found: string): string => `${expected}; found ${found}`;

export const NO_MATCH = 'no matching element';

/**
 * What matched `target` when a wait ended, to follow "found": nothing, or the state of the first match that kept the
 * step from it.
 */
async function elementState(env: StepEnvironment, target: string, action: StepAction): Promise<string> {
  const matches = env.page.locator(target);
  const count = await matches.count().catch(() => 0);
  if (count === 0) return NO_MATCH;
  const first = matches.first();
  const which = count > 1 ? `${count} matching elements, the first` : 'it';
  const holds = async (probe: () => Promise<boolean>) => await probe().catch(() => true);
  if (!(await holds(() => first.isVisible()))) return `${which} hidden`;
  if (!(await holds(() => first.isEnabled()))) return `${which} disabled`;
  if (action === 'type' && !(await holds(() => first.isEditable()))) return `${which} read-only`;
  return `${which} visible and enabled, but covered by another element or still moving`;
}

/** How a failure message names what an element action tried to do. */
export const ACTION_VERBS: Partial<Record<StepAction, string>> = {
  click: 'click',
  type: 'type into',
  select: 'select an option of',
  check: 'check',
  press: 'press a key on',
};

/** Playwright's "locator.check: Error: " before what went wrong. */
const PLAYWRIGHT_CALL_PREFIX = /^[\w.]+: (?:Error: )?/;

/** Turns Playwright's multi-line error text into one line: the element and what kept the step from it. */
async function describeLocatorFailure(error: unknown, step: ResolvedStep, env: StepEnvironment): Promise<never> {
  const verb = ACTION_VERBS[step.action] ?? step.action;
  if (!(error instanceof errors.TimeoutError)) {
    if (!(error instanceof Error)) throw error;
    throw new StepFailure(`Could not ${verb} "${step.target}": ${(error.message.split('\n')[0] ?? '').replace(PLAYWRIGHT_CALL_PREFIX, '')}`);
  }
  const state = await elementState(env, step.target, step.action);
  const waited = `(waited ${step.timeoutMs} ms)`;
  if (step.action === 'assertVisible') {
    throw new StepFailure(failureMessage(`Assertion failed: expected "${step.target}" to be visible`, `${state} ${waited}`));
  }
  if (step.action === 'waitFor') throw new StepFailure(failureMessage(`Timed out waiting for "${step.target}" to be visible`, `${state} ${waited}`));
  throw new StepFailure(failureMessage(`Could not ${verb} "${step.target}"`, `${state} ${waited}`));
}

async function onElement(step: ResolvedStep, env: StepEnvironment, act: (timeout: number) => Promise<unknown>): Promise<StepOutcome> {
  requireTarget(step);
  try {
    await act(step.timeoutMs);
  } catch (error) {
    await describeLocatorFailure(error, step, env);
  }
  return passed();
}

/** What an assertion read: the value, or null when its element is missing; `where` says which of several it read. */
export interface Reading {
  actual: string | null;
  where?: string;
}

/** Polls `read` until `matches` or the step's timeout; fails with what was expected, what was last seen, and where. */
export async function assertEventually(
  step: ResolvedStep,
  /** kind names the value in a passed step's result; subject names it, with its selector, in a failure. */
  what: { kind: string; subject: string },
  read: () => Promise<Reading>,
  matches: (actual: string) => boolean,
): Promise<StepOutcome> {
  const deadline = Date.now() + step.timeoutMs;
  let reading: Reading;
  for (;;) {
    reading = await read();
    if (reading.actual !== null && matches(reading.actual)) return passed(`${what.kind} "${reading.actual}" contains "${step.value}"`);
    if (Date.now() >= deadline) break;
    await new Promise((resolveDelay) => setTimeout(resolveDelay, ASSERT_POLL_MS));
  }
  const { actual, where = '' } = reading;
  const found = (max: number) => (actual === null ? `${NO_MATCH} (waited ${step.timeoutMs} ms)` : `${quoteFound(actual, max)}${where}`);
  throw new StepFailure(
    failureMessage(`Assertion failed: expected ${what.subject} to contain "${step.value}"`, found(FOUND_IN_MESSAGE_CHARS)),
    failureMessage(`Expected ${what.subject} containing "${step.value}"`, found(FOUND_IN_VALIDATION_CHARS)),
  );
}

/**
 * The text of the first element `target` matches, or null when none does. The count and the text are read together in
 * one call that does not wait, so a slow page or machine delays the reading but never turns it into an empty text.
 */
async function textOf(env: StepEnvironment, target: string): Promise<Reading> {
  const { count, text } = await env.page
    .locator(target)
    .evaluateAll((elements) => ({ count: elements.length, text: elements[0]?.textContent ?? '' }));
  if (count === 0) return { actual: null };
  return { actual: text.trim(), ...(count > 1 ? { where: ` (the first of ${count} matching elements)` } : {}) };
}

async function screenshot(step: ResolvedStep, env: StepEnvironment): Promise<StepOutcome> {
  const { file, ref } = await env.artifacts.reserve(`${step.stepId}-screenshot`, 'png');
  await env.page.screenshot({ path: file, timeout: step.timeoutMs });
  return passed('Screenshot taken', { images: [ref] });
}

const HTTP_METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)$/i;
/** As many redirects as Playwright's request follows by default. */
const MAX_REDIRECTS = 20;

export async function refuseUnreachable(url: string): Promise<void> {
  const refusal = await refusalOf(url);
  if (refusal !== null) throw new StepFailure(refusal);
}

/**
 * Playwright's request, with its redirects followed here so that every address on the way is checked like the first
 * one (refusalOf): a redirect to a metadata address fails the step instead of fetching it. 303, and 301/302 after a
 * POST, continue as a GET without the body, as browsers do.
 */
async function fetchCheckingRedirects(request: APIRequestContext, first: string, method: string, body: string, timeout: number) {
  let url = first;
  let currentMethod = method;
  let data: string | undefined = body === '' ? undefined : body;
  for (let hop = 0; ; hop += 1) {
    await refuseUnreachable(url);
    const response = await request.fetch(url, { method: currentMethod, timeout, maxRedirects: 0, ...(data === undefined ? {} : { data }) });
    const location = response.headers()['location'];
    if (response.status() < 300 || response.status() > 399 || location === undefined) return { response, url };
    if (hop === MAX_REDIRECTS) throw new StepFailure(`HTTP ${method} ${first} redirected more than ${MAX_REDIRECTS} times`);
    url = new URL(location, url).toString();
    if (response.status() === 303 || ((response.status() === 301 || response.status() === 302) && currentMethod === 'POST')) {
      currentMethod = 'GET';
      data = undefined;
    }
  }
}

/** What an HTTP request step needs: a browser context's request, or a phone run's own. */
export type HttpEnvironment = Pick<StepEnvironment, 'artifacts' | 'baseUrl'> & { request: APIRequestContext };

/** target is "URL" or "METHOD URL"; value is the body. The response (status, headers, body) becomes an attachment. */
export async function httpRequest(step: ResolvedStep, env: HttpEnvironment): Promise<StepOutcome> {
  const target = requireTarget(step).trim();
  const match = HTTP_METHOD.exec(target);
  const method = (match?.[1] ?? 'GET').toUpperCase();
  const url = absoluteUrl(match?.[2] ?? target, env.baseUrl);
  let response;
  try {
    ({ response } = await fetchCheckingRedirects(env.request, url, method, step.value, step.timeoutMs));
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    throw new StepFailure(`HTTP ${method} ${url} failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
  }
  const headers = Object.entries(response.headers()).map(([name, value]) => `${name}: ${value}`);
  const status = `HTTP ${response.status()} ${response.statusText()}`.trim();
  const body = await response.body();
  const attachment = await env.artifacts.write(
    `${step.stepId}-response`,
    'txt',
    Buffer.concat([Buffer.from(`${method} ${url}\n${status}\n${headers.join('\n')}\n\n`), body]),
  );
  if (!response.ok()) throw new StepFailure(`${method} ${url} answered ${status}`, status, [attachment]);
  return passed(status, { attachments: [attachment] });
}

export function setVariable(step: ResolvedStep, variables: Map<string, string>): Promise<StepOutcome> {
  const name = requireTarget(step, 'a variable name').trim();
  if (!/^\w+$/.test(name)) throw new StepFailure(`"${name}" is not a variable name (letters, digits and underscores)`);
  variables.set(name, step.value);
  return Promise.resolve(passed(`${name} = "${step.value}"`));
}

type ActionHandler = (step: ResolvedStep, env: StepEnvironment) => Promise<StepOutcome>;

/** A phone step's Element as a Playwright selector: CSS and XPath carry over, native strategies need a phone. */
function browserSelectorOf(step: ResolvedStep): string {
  const { using, value } = mobileLocatorOf(requireTarget(step));
  if (using === 'css selector') return step.target.trim().startsWith('text=') ? step.target.trim() : value;
  if (using === 'xpath') return `xpath=${value}`;
  throw new StepFailure(`"${step.target}" finds a native element (${using}): this step runs on a mobile resource, and this run is in a browser`);
}

/** Launch app, swipe and the like: what a browser cannot do, said as a failure of the step. */
const mobileOnly: ActionHandler = (step) =>
  Promise.reject(new StepFailure(`${STEP_ACTION_LABELS[step.action]} runs on a mobile resource (a phone through Appium); this run is in a browser`));

/** Assert attribute: `name=expected`, passing when the first match's attribute contains expected. */
function assertAttribute(step: ResolvedStep, env: StepEnvironment): Promise<StepOutcome> {
  const selector = browserSelectorOf(step);
  const expectation = attributeExpectationOf(step.value);
  if ('problem' in expectation) throw new StepFailure(expectation.problem);
  return assertEventually(
    { ...step, value: expectation.expected },
    { kind: `attribute ${expectation.name}`, subject: `the ${expectation.name} attribute of "${step.target}"` },
    async () => {
      const first = env.page.locator(selector).first();
      if ((await first.count()) === 0) return { actual: null };
      return { actual: (await first.getAttribute(expectation.name, { timeout: step.timeoutMs })) ?? '' };
    },
    (actual) => actual.includes(expectation.expected),
  );
}

const ACTIONS: Record<StepAction, ActionHandler> = {
  open: async (step, env) => {
    const url = absoluteUrl(step.value || requireTarget(step), env.baseUrl);
    await refuseUnreachable(url);
    const response = await env.page.goto(url, { timeout: step.timeoutMs }).catch((error: unknown) => {
      throw new StepFailure(`Could not open ${url}: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`);
    });
    if (response && !response.ok()) throw new StepFailure(`Opening ${url} answered HTTP ${response.status()}`);
    return passed(`Opened ${url}`);
  },
  click: (step, env) => onElement(step, env, (timeout) => env.page.locator(step.target).first().click({ timeout })),
  type: (step, env) => onElement(step, env, (timeout) => env.page.locator(step.target).first().fill(step.value, { timeout })),
  select: (step, env) => onElement(step, env, (timeout) => env.page.locator(step.target).first().selectOption(step.value, { timeout })),
  check: (step, env) =>
    onElement(step, env, (timeout) => {
      const box = env.page.locator(step.target).first();
      return step.value.trim().toLowerCase() === 'false' ? box.uncheck({ timeout }) : box.check({ timeout });
    }),
  press: async (step, env) => {
    if (step.target.trim() === '') {
      await env.page.keyboard.press(step.value);
      return passed();
    }
    return onElement(step, env, (timeout) => env.page.locator(step.target).first().press(step.value, { timeout }));
  },
  waitFor: (step, env) => onElement(step, env, (timeout) => env.page.locator(step.target).first().waitFor({ state: 'visible', timeout })),
  assertVisible: async (step, env) => {
    await onElement(step, env, (timeout) => env.page.locator(step.target).first().waitFor({ state: 'visible', timeout }));
    return passed(`"${step.target}" is visible`);
  },
  assertText: (step, env) => {
    requireTarget(step);
    return assertEventually(
      step,
      { kind: 'text', subject: `the text of "${step.target}"` },
      () => textOf(env, step.target),
      (actual) => actual.includes(step.value),
    );
  },
  assertUrl: (step, env) =>
    assertEventually(
      step,
      { kind: 'URL', subject: 'the page URL' },
      () => Promise.resolve({ actual: env.page.url() }),
      (actual) => actual.includes(step.value),
    ),
  assertTitle: (step, env) =>
    assertEventually(
      step,
      { kind: 'title', subject: 'the page title' },
      async () => ({ actual: await env.page.title() }),
      (actual) => actual.includes(step.value),
    ),
  screenshot,
  httpRequest: (step, env) => httpRequest(step, { ...env, request: env.context.request }),
  setVariable: (step, env) => setVariable(step, env.variables),
  tap: (step, env) => onElement(step, env, (timeout) => env.page.locator(browserSelectorOf(step)).first().click({ timeout })),
  clear: (step, env) => onElement(step, env, (timeout) => env.page.locator(browserSelectorOf(step)).first().fill('', { timeout })),
  back: async (step, env) => {
    await env.page.goBack({ timeout: step.timeoutMs });
    return passed(`Back to ${env.page.url()}`);
  },
  assertAttribute,
  launchApp: mobileOnly,
  swipe: mobileOnly,
  scroll: mobileOnly,
  hideKeyboard: mobileOnly,
};

/** The step with its `${name}` placeholders replaced; an unknown name throws. */
export function resolveStep(step: Step, variables: ReadonlyMap<string, string>): ResolvedStep {
  return { ...step, target: substitute(step.target, variables), value: substitute(step.value, variables) };
}

/** Runs one step; throws StepFailure (or another error) when it fails. */
export async function performStep(step: Step, env: StepEnvironment): Promise<StepOutcome> {
  return await ACTIONS[step.action](resolveStep(step, env.variables), env);
}
