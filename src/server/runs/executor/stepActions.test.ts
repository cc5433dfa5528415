import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Step, StepAction } from '../../../shared/contracts/collections';
import { RunArtifacts } from '../artifacts';
import { TEST_BROWSER_PATH } from '../../testing/testBrowser';
import { CHROMIUM_ARGS } from './browserExecutor';
import { performStep, quoteFound, StepFailure, type StepEnvironment } from './stepActions';

describe('quoteFound', () => {
  it('quotes what the page showed on one line, and cuts a long text with its full length', () => {
    expect(quoteFound('  Items\n\n  and   more ')).toBe('"Items and more"');
    expect(quoteFound(' \n ')).toBe('no text');
    const long = 'x'.repeat(200);
    expect(quoteFound(long)).toBe(`"${'x'.repeat(79)}…" (200 characters)`);
    expect(quoteFound(long, 300)).toBe(`"${long}"`);
  });
});

const PAGE = `<!doctype html><title>Items</title>
<h1>Items</h1>
<ul><li>One</li><li>Two</li></ul>
<p id="long">${'Lorem ipsum dolor sit amet. '.repeat(10)}</p>
<div id="hidden" style="display:none">secret</div>
<div class="folded" style="display:none">a</div><div class="folded" style="display:none">b</div>
<button id="off" disabled>Off</button>
<input id="ro" readonly>`;

/** Each failure's message (what the report's Notes show) and validation result, in real Chromium. */
describe.skipIf(!existsSync(TEST_BROWSER_PATH))('step failure messages in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let artifactsDir: string;

  beforeAll(async () => {
    artifactsDir = mkdtempSync(join(tmpdir(), 'studio-step-actions-'));
    browser = await chromium.launch({ executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext();
    page = await context.newPage();
    // Starting Chromium on a loaded shared machine can outlast the default hook timeout (as in the Jira tests).
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    rmSync(artifactsDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await page.setContent(PAGE);
  });

  const env = (): StepEnvironment => ({
    page,
    context,
    variables: new Map(),
    artifacts: new RunArtifacts(artifactsDir, 'run'),
    baseUrl: 'http://127.0.0.1:9',
  });

  /** A step that waits (a missing or hidden element) waits its 300 ms; one that fails at once gets more, in case the machine is slow. */
  async function failureOf(action: StepAction, target: string, value = '', timeoutMs = 300): Promise<StepFailure> {
    const step: Step = { stepId: 's', stepName: 's', action, target, value, timeoutMs };
    const failure = await performStep(step, env()).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(failure instanceof StepFailure)) throw new Error(`${action} ${target} did not fail with a StepFailure: ${String(failure)}`);
    return failure;
  }

  it('says what a text assertion expected, what it found and where', async () => {
    const wrong = await failureOf('assertText', 'h1', 'Welcome back');
    expect(wrong.message).toBe('Assertion failed: expected the text of "h1" to contain "Welcome back"; found "Items"');
    expect(wrong.validationResult).toBe('Expected the text of "h1" containing "Welcome back"; found "Items"');

    const several = await failureOf('assertText', 'li', 'Three');
    expect(several.message).toBe('Assertion failed: expected the text of "li" to contain "Three"; found "One" (the first of 2 matching elements)');

    const missing = await failureOf('assertText', '#nothing', 'Items');
    expect(missing.message).toBe('Assertion failed: expected the text of "#nothing" to contain "Items"; found no matching element (waited 300 ms)');
  });

  it('cuts a long found text in the message and keeps more of it in the validation result', async () => {
    const long = await failureOf('assertText', '#long', 'Welcome');
    const text = 'Lorem ipsum dolor sit amet. '.repeat(10).trim();
    expect(long.message).toBe(`Assertion failed: expected the text of "#long" to contain "Welcome"; found "${text.slice(0, 79)}…" (${text.length} characters)`);
    expect(long.validationResult).toBe(`Expected the text of "#long" containing "Welcome"; found "${text}"`);
  });

  it('says what the URL and title assertions found', async () => {
    expect((await failureOf('assertUrl', '', '/home')).message).toBe('Assertion failed: expected the page URL to contain "/home"; found "about:blank"');
    expect((await failureOf('assertTitle', '', 'Welcome')).message).toBe('Assertion failed: expected the page title to contain "Welcome"; found "Items"');
  });

  it('says what a visibility assertion and a wait found at their selector', async () => {
    expect((await failureOf('assertVisible', '#hidden')).message).toBe('Assertion failed: expected "#hidden" to be visible; found it hidden (waited 300 ms)');
    expect((await failureOf('assertVisible', '#nothing')).message).toBe(
      'Assertion failed: expected "#nothing" to be visible; found no matching element (waited 300 ms)',
    );
    expect((await failureOf('waitFor', '#hidden')).message).toBe('Timed out waiting for "#hidden" to be visible; found it hidden (waited 300 ms)');
    expect((await failureOf('waitFor', '#nothing')).message).toBe('Timed out waiting for "#nothing" to be visible; found no matching element (waited 300 ms)');
  });

  it('says why an element action could not act on its element', async () => {
    expect((await failureOf('click', '#nothing')).message).toBe('Could not click "#nothing"; found no matching element (waited 300 ms)');
    expect((await failureOf('click', '#off')).message).toBe('Could not click "#off"; found it disabled (waited 300 ms)');
    expect((await failureOf('type', '#ro', 'x')).message).toBe('Could not type into "#ro"; found it read-only (waited 300 ms)');
    expect((await failureOf('click', '.folded')).message).toBe('Could not click ".folded"; found 2 matching elements, the first hidden (waited 300 ms)');
    expect((await failureOf('check', 'h1', '', 10_000)).message).toBe('Could not check "h1": Not a checkbox or radio button');
  });
});
