import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_OPENED_MESSAGE, COLLECTION_SAVED_MESSAGE } from '../../src/shared/contracts/collections';
import { endpoints } from '../../src/shared/endpoints';
import { TOAST_KEYBOARD_HINT } from '../../src/ui/Toast';
import { browserCollection, PlatformApi } from './api';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, chromiumMissing } from './harness';
import { chooseOption, openStatusSidebar, openStudio, studioToolbar } from './pages';
import { useE2E, useSignedInPages } from './setup';

/** The edit: an address nothing answers, typed over the Open URL step and not saved. */
const UNREACHABLE_URL = 'http://127.0.0.1:1/nothing-here';
const VIEWPORT = { width: 1440, height: 900 };
const RUN_QUESTION = 'Save your changes and run them, or run the saved version?';

/** What a person sees at 1440x900 (not the whole page: the toolbar sticks to the window), in tests/.artifacts. */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

/** Whether `target` holds keyboard focus now. */
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);
/** The element holding focus, as "tag name" text, for failure messages. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}` : 'none';
  });

/** The answer of the next saveTest the page sends, once the Studio has handled it (its toast shows). */
async function savedResponse(page: Page): Promise<void> {
  const response = await page.waitForResponse((answer) => new URL(answer.url()).pathname === endpoints.collections.save);
  expect(response.status()).toBe(200);
}

/** The top edge of each named text field of a step row, in window coordinates. */
function fieldTops(step: Locator, names: readonly string[]): Promise<number[]> {
  return Promise.all(
    names.map(async (name) => {
      const box = await step.getByRole('textbox', { name, exact: true }).boundingBox();
      if (!box) throw new Error(`${name} is not rendered`);
      return box.y;
    }),
  );
}

/** How far apart the highest and lowest of `tops` are: under a pixel when the fields share a line. */
const spread = (tops: readonly number[]) => Math.max(...tops) - Math.min(...tops);

async function expectFocused(page: Page, target: Locator): Promise<void> {
  expect(await isFocused(target), `focus is on ${await focusedDescription(page)}`).toBe(true);
}

// Runs launch Chromium on a loaded machine: each test gets minutes.
describe.skipIf(chromiumMissing)('the Studio editor in real Chromium (issue 27)', { timeout: 240_000 }, () => {
  const e2e = useE2E();
  const signedInPage = useSignedInPages(e2e, { viewport: VIEWPORT });
  let api: PlatformApi;
  let demoUrl: string;

  beforeAll(async () => {
    api = await PlatformApi.signIn(e2e.platform.baseUrl, e2e.platform.admin);
    demoUrl = `${e2e.platform.baseUrl}${endpoints.demoApp}`;
  });

  /** Opens `name` in the Studio by keyboard (Open focused, Enter) and waits for its document. */
  async function openByKeyboard(page: Page, name: string): Promise<Locator> {
    await openStudio(page, e2e.platform.baseUrl);
    const toolbar = studioToolbar(page);
    await chooseOption(page, toolbar, 'Collection', name);
    const open = toolbar.getByRole('button', { name: 'Open', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByText(COLLECTION_OPENED_MESSAGE, { exact: true }).first().waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    return toolbar;
  }

  it("asks before running an unsaved URL edit, runs the URL on screen, and its toast's Open report is reached by keyboard and gives focus back to Run", async () => {
    const name = 'Editor_unsaved_URL';
    const collectionId = await api.saveCollection(
      browserCollection(name, [{ testCaseId: 'Open the demo', steps: [{ stepId: 'open-demo', action: 'open', value: demoUrl, timeoutMs: 10_000 }] }]),
    );
    const page = await signedInPage();
    const toolbar = await openByKeyboard(page, name);
    const url = page.getByRole('listitem', { name: 'Step 1', exact: true }).getByRole('textbox', { name: 'URL', exact: true });
    expect(await url.inputValue()).toBe(demoUrl);
    await url.fill(UNREACHABLE_URL);

    const run = toolbar.getByRole('button', { name: 'Run', exact: true });
    await run.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Run unsaved changes?' });
    await question.getByText(RUN_QUESTION).waitFor();
    await screenshot(page, 'studio-editor-run-question');
    // Nothing ran while the question is open; the default choice is to save and run what the screen shows.
    expect(await api.search({ collectionId })).toEqual([]);
    await expectFocused(page, question.getByRole('button', { name: 'Save and run' }));
    await page.keyboard.press('Enter');

    await page.getByText(COLLECTION_SAVED_MESSAGE, { exact: true }).first().waitFor();
    await page.getByText('Test Suite Executed...', { exact: true }).first().waitFor();
    await question.waitFor({ state: 'detached' });
    await expectFocused(page, run);
    expect((await api.loadCollection(collectionId)).testCases[0]?.steps[0]?.value).toBe(UNREACHABLE_URL);

    // The run's end: a toast that says how the keyboard reaches it.
    const toast = page.getByRole('alertdialog', { name: `${name}: FAILED` });
    await toast.waitFor({ timeout: 120_000 });
    await toast.getByText(TOAST_KEYBOARD_HINT).waitFor();
    await screenshot(page, 'studio-editor-run-toast');
    const openReport = toast.getByRole('button', { name: 'Open report' });
    await page.keyboard.press('F6');
    let tabs = 0;
    while (!(await isFocused(openReport)) && tabs < 5) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    await expectFocused(page, openReport);
    console.log(`From Run, F6 and ${tabs} Tab press(es) reached the toast's Open report`);
    await page.keyboard.press('Enter');
    const report = page.getByRole('dialog', { name: 'Collection Report' });
    await report.getByRole('grid', { name: 'Flow details' }).waitFor();
    await report.getByText(UNREACHABLE_URL).first().waitFor();

    // The run used the URL the screen showed, never the one stored before.
    const [row] = await api.search({ collectionId });
    const details = await api.details(row?.statusId ?? '');
    const logs = JSON.stringify(details.logsList);
    expect(logs).toContain(UNREACHABLE_URL);
    expect(logs).not.toContain(demoUrl);

    // Closing the report brings focus back to where the keyboard left for the toast: Run.
    await report.getByRole('button', { name: 'Close' }).first().waitFor();
    await page.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });
    await expectFocused(page, run);
  });

  it('keeps focus on Open, Save, Run and the move buttons, saves on Ctrl+S, keeps the toolbar on screen over a long editor, and each step on one line', async () => {
    const name = 'Editor_long';
    const steps = [
      { stepId: 'open-demo', action: 'open', value: demoUrl },
      { stepId: 'type-user', action: 'type', target: '#username', value: 'demo' },
      { stepId: 'type-password', action: 'type', target: '#password', value: 'demo' },
      { stepId: 'click-sign-in', action: 'click', target: 'text=Sign in' },
      { stepId: 'title', action: 'assertTitle', value: 'Demo items' },
      { stepId: 'heading', action: 'assertText', target: 'h1', value: 'Items' },
      { stepId: 'category', action: 'select', target: '#category', value: 'Work' },
      { stepId: 'urgent', action: 'check', target: '#urgent', value: 'false' },
      { stepId: 'key', action: 'press', target: '#new-item', value: 'End' },
      { stepId: 'ping', action: 'httpRequest', target: `GET ${demoUrl}` },
      { stepId: 'remember', action: 'setVariable', target: 'item', value: 'From the editor' },
      { stepId: 'shot', action: 'screenshot' },
    ];
    const collectionId = await api.saveCollection(
      browserCollection(name, [
        { testCaseId: 'First', steps },
        { testCaseId: 'Second', steps: steps.map((step) => ({ ...step, stepId: `second-${step.stepId}` })) },
      ]),
    );
    const page = await signedInPage();
    const toolbar = await openByKeyboard(page, name);
    const open = toolbar.getByRole('button', { name: 'Open', exact: true });
    const save = toolbar.getByRole('button', { name: 'Save', exact: true });
    const run = toolbar.getByRole('button', { name: 'Run', exact: true });
    await expectFocused(page, open);
    await screenshot(page, 'studio-editor-top');

    // The last step of a long editor: the toolbar is still on screen, not covered, and Ctrl+S saves from there.
    const second = page.getByRole('listitem', { name: 'Second', exact: true });
    const lastStep = second.getByRole('listitem', { name: `Step ${steps.length}`, exact: true });
    const lastName = lastStep.getByRole('textbox', { name: 'Step name', exact: true });
    await lastName.fill('The last screenshot');
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? VIEWPORT.height) + (box?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(VIEWPORT.height);
    const onTop = await save.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
    });
    expect(onTop).toBe(true);
    await screenshot(page, 'studio-editor-scrolled');
    let saved = savedResponse(page);
    await page.keyboard.press('Control+s');
    await saved;
    await expectFocused(page, lastName);
    expect((await api.loadCollection(collectionId)).testCases[1]?.steps.at(-1)?.stepName).toBe('The last screenshot');

    // At 1440 px a step is one line, its Timeout included; with the status sidebar open, Timeout stays on its fields' line.
    const heading = page.getByRole('listitem', { name: 'First', exact: true }).getByRole('listitem', { name: 'Step 6', exact: true });
    const headingTops = () => fieldTops(heading, ['Step name', 'Element', 'Expected text', 'Timeout (ms)']);
    expect(spread(await headingTops())).toBeLessThan(1);
    await openStatusSidebar(page);
    await heading.scrollIntoViewIfNeeded();
    const [, ...fieldLine] = await headingTops();
    expect(spread(fieldLine)).toBeLessThan(1);
    await screenshot(page, 'studio-editor-sidebar-steps');

    // Moving a step by keyboard keeps focus on the button that moved it, though the browser moves its node.
    const first = page.getByRole('listitem', { name: 'First', exact: true });
    await first.getByRole('button', { name: 'Move step 1 of First down' }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(page, first.getByRole('button', { name: 'Move step 2 of First down' }));

    await save.focus();
    saved = savedResponse(page);
    await page.keyboard.press('Enter');
    await saved;
    await expect.poll(() => save.getAttribute('aria-disabled')).toBeNull();
    await expectFocused(page, save);
    expect((await api.loadCollection(collectionId)).testCases[0]?.steps[1]?.stepId).toBe('open-demo');

    await run.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Test Suite Executed...', { exact: true }).first().waitFor();
    await expectFocused(page, run);

    await toolbar.getByRole('button', { name: 'New collection' }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(page, page.getByRole('textbox', { name: 'Name', exact: true }));
  });
});
