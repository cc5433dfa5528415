import { writeFile } from 'node:fs/promises';
import type { APIRequestContext } from 'playwright-core';
import type { Step, StepAction } from '../../shared/contracts/collections';
import { attributeExpectationOf, mobileLocatorOf, swipeOf, xpathLiteral, type MobileDevice, type SwipeDirection, type SwipePath } from '../../shared/contracts/mobile';
import { STEP_ACTION_LABELS } from '../../shared/contracts/step-fields';
import type { RunArtifacts } from '../../server/runs/artifacts';
import {
  absoluteUrl,
  ACTION_VERBS,
  assertEventually,
  failureMessage,
  httpRequest,
  NO_MATCH,
  passed,
  refuseUnreachable,
  requireTarget,
  resolveStep,
  setVariable,
  StepFailure,
  type Reading,
  type ResolvedStep,
  type StepOutcome,
} from '../../server/runs/executor/stepActions';
import { DeviceGone, deviceLabel, sessionLostReason, webDriverReason, type AppiumSession } from './appiumSession';

export interface MobileStepEnvironment {
  session: AppiumSession;
  device: MobileDevice;
  appiumUrl: string;
  variables: Map<string, string>;
  artifacts: RunArtifacts;
  baseUrl: string;
  signal: AbortSignal;
  /** The run's HTTP client for httpRequest steps, made on first use. */
  request(): Promise<APIRequestContext>;
}

const SELECTOR_KIND = '~accessibility id, id=, an XPath, android=, ios=, text= or CSS';
const POLL_MS = 100;
const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** How long a swipe's finger moves: slow enough to scroll rather than fling. */
const SWIPE_MS = 400;
/** A direction swipe runs between these fractions of the screen, clear of the system bars. */
const SWIPE_NEAR = 0.25;
const SWIPE_FAR = 0.75;

const delay = (ms: number) => new Promise((resolveDelay) => setTimeout(resolveDelay, ms));

/** A mobile web session (a browser on the phone) rather than a native app. */
const isWeb = (env: MobileStepEnvironment) => Boolean(env.session.capabilities.browserName);

/** A session error that ends the run rather than the step. */
function rethrowIfLost(error: unknown, env: MobileStepEnvironment): void {
  const reason = sessionLostReason(error, env.device, env.appiumUrl);
  if (reason !== null) throw new DeviceGone(reason);
}

/** The ids of the elements `target` matches now, without waiting; a selector the driver rejects fails the step. */
async function findAll(env: MobileStepEnvironment, target: string): Promise<string[]> {
  const { using, value } = mobileLocatorOf(target);
  try {
    const found = await env.session.findElements(using, value);
    return found.map((reference) => (reference as unknown as Record<string, string>)[W3C_ELEMENT] ?? '');
  } catch (error) {
    rethrowIfLost(error, env);
    throw new StepFailure(`"${target}" cannot be searched for (${using}): ${webDriverReason(error)}`);
  }
}

const verbOf = (action: StepAction) => ACTION_VERBS[action] ?? STEP_ACTION_LABELS[action].toLowerCase();

/**
 * Does `act` on the first element `target` matches, again and again until it succeeds or the step's timeout ends;
 * then fails with what was expected and what was found: no match, or why the first match refused.
 */
async function onElement<T>(step: ResolvedStep, env: MobileStepEnvironment, act: (element: string) => Promise<T>, expected?: string): Promise<T> {
  const target = requireTarget(step, SELECTOR_KIND);
  const deadline = Date.now() + step.timeoutMs;
  let state = NO_MATCH;
  for (;;) {
    const elements = await findAll(env, target);
    if (elements[0] !== undefined) {
      try {
        return await act(elements[0]);
      } catch (error) {
        rethrowIfLost(error, env);
        if (error instanceof StepFailure) throw error;
        state = `${elements.length > 1 ? `${elements.length} matching elements, the first` : 'it'}: ${webDriverReason(error)}`;
      }
    }
    if (Date.now() >= deadline || env.signal.aborted) break;
    await delay(POLL_MS);
  }
  throw new StepFailure(failureMessage(expected ?? `Could not ${verbOf(step.action)} "${step.target}"`, `${state} (waited ${step.timeoutMs} ms)`));
}

async function displayed(env: MobileStepEnvironment, element: string): Promise<void> {
  if (!(await env.session.isElementDisplayed(element))) throw new Error('hidden');
}

/** Reads `read` of the first match, for assertEventually: null when nothing matches. */
async function readFirst(env: MobileStepEnvironment, target: string, read: (element: string) => Promise<string>): Promise<Reading> {
  const elements = await findAll(env, target);
  if (elements[0] === undefined) return { actual: null };
  return { actual: (await read(elements[0])).trim(), ...(elements.length > 1 ? { where: ` (the first of ${elements.length} matching elements)` } : {}) };
}

async function screenSize(env: MobileStepEnvironment): Promise<{ width: number; height: number }> {
  // A browser's window is the desktop's; its page, in mobile emulation, is the phone's viewport.
  if (isWeb(env)) return await env.session.execute(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const { width, height } = await env.session.getWindowRect();
  return { width, height };
}

/** The finger's path of a swipe `direction` across the middle of the screen. */
async function directionPath(env: MobileStepEnvironment, direction: SwipeDirection): Promise<SwipePath> {
  const { width, height } = await screenSize(env);
  const x = Math.round(width / 2);
  const y = Math.round(height / 2);
  const [near, far] = [SWIPE_NEAR, SWIPE_FAR];
  const paths: Record<SwipeDirection, SwipePath> = {
    up: { from: { x, y: Math.round(height * far) }, to: { x, y: Math.round(height * near) } },
    down: { from: { x, y: Math.round(height * near) }, to: { x, y: Math.round(height * far) } },
    left: { from: { x: Math.round(width * far), y }, to: { x: Math.round(width * near), y } },
    right: { from: { x: Math.round(width * near), y }, to: { x: Math.round(width * far), y } },
  };
  return paths[direction];
}

/** One touch swipe through W3C actions, which every Appium driver performs. */
async function swipeAlong(env: MobileStepEnvironment, path: SwipePath): Promise<void> {
  await env.session.performActions([
    {
      type: 'pointer',
      id: 'finger',
      parameters: { pointerType: 'touch' },
      actions: [
        { type: 'pointerMove', duration: 0, x: path.from.x, y: path.from.y },
        { type: 'pointerDown', button: 0 },
        { type: 'pause', duration: 50 },
        { type: 'pointerMove', duration: SWIPE_MS, x: path.to.x, y: path.to.y },
        { type: 'pointerUp', button: 0 },
      ],
    },
  ]);
  await env.session.releaseActions();
}

/** The finger's path for a swipe or scroll value; a scroll moves the view, so its finger goes the other way. */
async function pathOf(env: MobileStepEnvironment, value: string, fallback: SwipeDirection, forScroll: boolean): Promise<SwipePath> {
  const swipe = swipeOf(value.trim() === '' ? fallback : value);
  if ('problem' in swipe) throw new StepFailure(swipe.problem);
  if ('path' in swipe) return swipe.path;
  const opposite: Record<SwipeDirection, SwipeDirection> = { up: 'down', down: 'up', left: 'right', right: 'left' };
  return await directionPath(env, forScroll ? opposite[swipe.direction] : swipe.direction);
}

/** Scroll: once, or until the element shows, within the step's timeout. */
async function scroll(step: ResolvedStep, env: MobileStepEnvironment): Promise<StepOutcome> {
  const path = await pathOf(env, step.value, 'down', true);
  if (step.target.trim() === '') {
    await swipeAlong(env, path);
    return passed('Scrolled once');
  }
  const deadline = Date.now() + step.timeoutMs;
  for (let swipes = 0; ; swipes += 1) {
    for (const element of await findAll(env, step.target)) {
      if (await env.session.isElementDisplayed(element)) return passed(`"${step.target}" shows after ${swipes} scroll${swipes === 1 ? '' : 's'}`);
    }
    if (Date.now() >= deadline || env.signal.aborted) {
      throw new StepFailure(failureMessage(`Could not scroll to "${step.target}"`, `${NO_MATCH} shown after ${swipes} scrolls (waited ${step.timeoutMs} ms)`));
    }
    await swipeAlong(env, path);
  }
}

/** The app of a Launch app step: Android's package (and activity), or iOS's bundle id. */
async function launchApp(step: ResolvedStep, env: MobileStepEnvironment): Promise<StepOutcome> {
  if (isWeb(env)) throw new StepFailure(`Launch app needs a native session; ${deviceLabel(env.device)} runs a browser (${String(env.session.capabilities.browserName)})`);
  const app = requireTarget(step, 'com.example.shop/.MainActivity or a bundle id').trim();
  const android = env.device.platform === 'ANDROID';
  const [appId, activity] = app.split('/');
  const idArgument = android ? { appId } : { bundleId: app };
  const installed = await env.session.execute('mobile: isAppInstalled', idArgument).catch((error: unknown) => {
    rethrowIfLost(error, env);
    return null; // a driver that cannot tell: launching says what is wrong
  });
  if (installed === false) throw new StepFailure(`App ${android ? appId : app} is not installed on ${deviceLabel(env.device)}`);
  if (android && activity) await env.session.execute('mobile: startActivity', { intent: app });
  else await env.session.execute('mobile: activateApp', idArgument);
  return passed(`Launched ${app}`);
}

/** WebDriver's codes of the keys a Press step names as Playwright does. */
const KEY_CODES: Readonly<Record<string, string>> = {
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  Backspace: '\uE003',
  Delete: '\uE017',
  Space: ' ',
  ArrowUp: '\uE013',
  ArrowDown: '\uE015',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
};

function keyCodeOf(key: string): string {
  const code = KEY_CODES[key] ?? ([...key].length === 1 ? key : undefined);
  if (code === undefined) throw new StepFailure(`"${key}" is not a key this step can press: use one character or ${Object.keys(KEY_CODES).join(', ')}`);
  return code;
}

async function press(step: ResolvedStep, env: MobileStepEnvironment): Promise<StepOutcome> {
  const code = keyCodeOf(step.value);
  if (step.target.trim() !== '') {
    return await onElement(step, env, async (element) => {
      await env.session.elementSendKeys(element, code);
      return passed();
    });
  }
  await env.session.performActions([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: code }, { type: 'keyUp', value: code }] }]);
  await env.session.releaseActions();
  return passed();
}

function webOnly(step: ResolvedStep, env: MobileStepEnvironment): void {
  if (!isWeb(env)) throw new StepFailure(`${STEP_ACTION_LABELS[step.action]} works on mobile web pages; in a native app, tap the element instead`);
}

/** The page title or URL of a mobile web session, for assertTitle and assertUrl. */
function pageAssertion(kind: 'URL' | 'title', read: (session: AppiumSession) => Promise<string>) {
  return (step: ResolvedStep, env: MobileStepEnvironment) => {
    webOnly(step, env);
    return assertEventually(
      step,
      { kind, subject: `the page ${kind}` },
      async () => ({ actual: await read(env.session) }),
      (actual) => actual.includes(step.value),
    );
  };
}

type MobileHandler = (step: ResolvedStep, env: MobileStepEnvironment) => Promise<StepOutcome>;

const tap: MobileHandler = (step, env) =>
  onElement(step, env, async (element) => {
    await env.session.elementClick(element);
    return passed();
  });

const ACTIONS: Record<StepAction, MobileHandler> = {
  open: async (step, env) => {
    const url = absoluteUrl(step.value || requireTarget(step, 'a URL'), env.baseUrl);
    await refuseUnreachable(url);
    await env.session.navigateTo(url);
    return passed(`Opened ${url}`);
  },
  launchApp,
  tap,
  click: tap,
  type: (step, env) =>
    onElement(step, env, async (element) => {
      await env.session.elementClear(element);
      await env.session.elementSendKeys(element, step.value);
      return passed();
    }),
  clear: (step, env) =>
    onElement(step, env, async (element) => {
      await env.session.elementClear(element);
      return passed();
    }),
  select: (step, env) => {
    webOnly(step, env);
    const option = `.//option[normalize-space(.)=${xpathLiteral(step.value)} or @value=${xpathLiteral(step.value)}]`;
    return onElement(step, env, async (element) => {
      const [choice] = await env.session.findElementsFromElement(element, 'xpath', option);
      if (choice === undefined) throw new Error(`no option "${step.value}"`);
      await env.session.elementClick((choice as unknown as Record<string, string>)[W3C_ELEMENT] ?? '');
      return passed();
    });
  },
  check: (step, env) =>
    onElement(step, env, async (element) => {
      const wanted = step.value.trim().toLowerCase() !== 'false';
      if ((await env.session.isElementSelected(element)) !== wanted) await env.session.elementClick(element);
      if ((await env.session.isElementSelected(element)) !== wanted) throw new Error(`still ${wanted ? 'unchecked' : 'checked'} after a tap`);
      return passed();
    }),
  press,
  swipe: async (step, env) => {
    await swipeAlong(env, await pathOf(env, step.value, 'up', false));
    return passed(`Swiped ${step.value.trim()}`);
  },
  scroll,
  back: async (_step, env) => {
    await env.session.back();
    return passed('Back');
  },
  hideKeyboard: async (_step, env) => {
    if (isWeb(env)) {
      await env.session.execute(() => (document.activeElement as HTMLElement | null)?.blur());
    } else {
      await env.session.execute('mobile: hideKeyboard', {});
    }
    return passed('Keyboard hidden');
  },
  waitFor: (step, env) =>
    onElement(
      step,
      env,
      async (element) => {
        await displayed(env, element);
        return passed();
      },
      `Timed out waiting for "${step.target}" to be visible`,
    ),
  assertVisible: (step, env) =>
    onElement(
      step,
      env,
      async (element) => {
        await displayed(env, element);
        return passed(`"${step.target}" is visible`);
      },
      `Assertion failed: expected "${step.target}" to be visible`,
    ),
  assertText: (step, env) => {
    const target = requireTarget(step, SELECTOR_KIND);
    return assertEventually(
      step,
      { kind: 'text', subject: `the text of "${target}"` },
      () => readFirst(env, target, (element) => env.session.getElementText(element)),
      (actual) => actual.includes(step.value),
    );
  },
  assertAttribute: (step, env) => {
    const target = requireTarget(step, SELECTOR_KIND);
    const expectation = attributeExpectationOf(step.value);
    if ('problem' in expectation) throw new StepFailure(expectation.problem);
    return assertEventually(
      { ...step, value: expectation.expected },
      { kind: `attribute ${expectation.name}`, subject: `the ${expectation.name} attribute of "${target}"` },
      () => readFirst(env, target, async (element) => (await env.session.getElementAttribute(element, expectation.name)) ?? ''),
      (actual) => actual.includes(expectation.expected),
    );
  },
  assertUrl: pageAssertion('URL', (session) => session.getUrl()),
  assertTitle: pageAssertion('title', (session) => session.getTitle()),
  screenshot: async (step, env) => {
    const { file, ref } = await env.artifacts.reserve(`${step.stepId}-screenshot`, 'png');
    await screenshotTo(env, file);
    return passed('Screenshot taken', { images: [ref] });
  },
  httpRequest: async (step, env) => await httpRequest(step, { artifacts: env.artifacts, baseUrl: env.baseUrl, request: await env.request() }),
  setVariable: (step, env) => setVariable(step, env.variables),
};

/** Appium's "this driver cannot do that" errors. */
const UNSUPPORTED = /unknown method|unknown command|unsupported operation|not yet been implemented|not implemented/i;

/**
 * Runs one step on the session. A lost device or Appium throws DeviceGone (the run ends); anything else the step
 * could not do throws StepFailure or an error whose first line says why.
 */
export async function performMobileStep(step: Step, env: MobileStepEnvironment): Promise<StepOutcome> {
  const resolved = resolveStep(step, env.variables);
  try {
    return await ACTIONS[step.action](resolved, env);
  } catch (error) {
    if (error instanceof StepFailure || error instanceof DeviceGone) throw error;
    rethrowIfLost(error, env);
    const reason = webDriverReason(error);
    const name = error instanceof Error ? error.name : '';
    if (UNSUPPORTED.test(name) || UNSUPPORTED.test(reason)) {
      throw new StepFailure(`${STEP_ACTION_LABELS[step.action]} is not supported by the Appium driver of ${deviceLabel(env.device)}: ${reason}`);
    }
    throw new StepFailure(`Could not ${verbOf(step.action)}${resolved.target ? ` "${resolved.target}"` : ''}: ${reason}`);
  }
}

/** A PNG of the device's screen, for a failed step. */
export async function screenshotTo(env: Pick<MobileStepEnvironment, 'session'>, file: string): Promise<void> {
  await writeFile(file, Buffer.from(await env.session.takeScreenshot(), 'base64'));
}
