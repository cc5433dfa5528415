import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentRecordingCommand, RecordedAction, RecordingStatus } from '../shared/contracts/recordings';
import { RunArtifacts } from '../server/runs/artifacts';
import { collapseTyping } from '../server/recordings/collectionBuilder';
import { CHROMIUM_ARGS } from '../server/runs/executor/browserExecutor';
import { performStep } from '../server/runs/executor/stepActions';
import { server as mockServer } from '../../tests/msw/server';
import { AgentRecorder, RECORDING_START_TITLE, type RecordingSink } from './recorder';

const CHROMIUM = '/usr/bin/chromium';
/** A loaded two-core machine answers slowly. */
const WAIT = { timeout: 30_000, interval: 50 };

const PAGES: Record<string, string> = {
  '/login': `<!doctype html><title>Login</title>
    <form action="/welcome" method="get">
      <label for="email">Email</label><input id="email" name="email" type="email">
      <label>Password <input name="password" type="password"></label>
      <label for="country">Country</label>
      <select id="country" name="country"><option value="">Choose</option><option value="FR">France</option><option value="DE">Germany</option></select>
      <label><input type="checkbox" name="remember"> Remember me</label>
      <label>Notes <textarea name="notes"></textarea></label>
      <input type="hidden" name="added" value="0"><input type="hidden" name="starred" value="no">
      <div id="adders">
        <button type="button" onclick="this.form.added.value='1'">Add</button>
        <button type="button" onclick="this.form.added.value='2'">Add</button>
      </div>
      <button type="button" data-testid="star" onclick="this.form.starred.value='yes'"><span aria-hidden="true">*</span></button>
      <button type="submit">Sign "in"</button>
    </form>`,
  '/welcome': `<!doctype html><title>Welcome</title><p>Welcome</p><a href="/search">Go to search</a>`,
  '/search': `<!doctype html><title>Search</title><form action="/results"><input type="search" name="q" aria-label="Search"></form>`,
  '/results': `<!doctype html><title>Results</title><h1>Results</h1>`,
};

let server: Server;
let base = '';
/** Every page request's path and query, so a test can compare what recording and replay sent. */
const requests: string[] = [];

beforeAll(async () => {
  // Real loopback servers and a real browser only: the unit project's msw would refuse the CDP and page requests.
  mockServer.close();
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const page = PAGES[url.pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html' }).end(page ?? 'not found');
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolveClose) => server.close(resolveClose));
});

/** The platform's side, in memory: stores actions by seq once, as the server does, and answers its wish. */
class FakePlatform implements RecordingSink {
  readonly stored = new Map<number, RecordedAction>();
  readonly states: { status: string; message: string }[] = [];
  batches = 0;
  finished = false;
  constructor(public status: RecordingStatus = 'INPROGRESS') {}

  command(): AgentRecordingCommand {
    let nextSeq = 0;
    while (this.stored.has(nextSeq)) nextSeq += 1;
    return { recordingId: 'rec-1', name: 'Recording test', status: this.status, nextSeq };
  }
  actions(_id: string, actions: RecordedAction[]) {
    this.batches += 1;
    for (const action of actions) if (!this.stored.has(action.seq)) this.stored.set(action.seq, action);
    return Promise.resolve(this.command());
  }
  state(_id: string, status: 'IDLE' | 'CANCELLED', message: string) {
    this.states.push({ status, message });
    this.status = status;
    return Promise.resolve(this.command());
  }
  finish() {
    this.finished = true;
    this.status = 'COMPLETED';
    return Promise.resolve(this.command());
  }
  /** What the server keeps: consecutive typing into one field is one step with the last value. */
  steps(): Omit<RecordedAction, 'seq'>[] {
    return collapseTyping([...this.stored.values()]).map(({ seq: _seq, ...step }) => step);
  }
}

async function testerPage(recorder: AgentRecorder): Promise<{ browser: Browser; page: Page }> {
  const url = await recorder.debugUrl();
  if (!url) throw new Error('the recording browser does not listen for CDP');
  const browser = await chromium.connectOverCDP(url);
  const page = browser.contexts()[0]?.pages()[0];
  if (!page) throw new Error('the recording browser has no page');
  return { browser, page };
}

describe('recording on the gateway agent', () => {
  it('turns what the tester does into steps with stable selectors that replay to the same place', async () => {
    const platform = new FakePlatform();
    const recorder = new AgentRecorder({ chromiumPath: CHROMIUM, headless: true, debugPort: 0, sink: platform, log: () => undefined, flushMs: 100 });
    await recorder.reconcile(platform.command());
    expect(recorder.busy).toBe(true);
    const { browser, page } = await testerPage(recorder);
    try {
      page.setDefaultTimeout(5_000);
      // The browser opens on a page saying what to do, which records nothing.
      expect(await page.title()).toBe(RECORDING_START_TITLE);
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').pressSequentially('s3cret');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByLabel('Remember me').check();
      await page.getByLabel('Notes').pressSequentially('one\ntwo');
      await page.locator('#adders button').nth(1).click();
      await page.getByTestId('star').click();
      await page.getByRole('button', { name: 'Sign "in"' }).click();
      await page.waitForURL(/\/welcome/);
      await page.getByRole('link', { name: 'Go to search' }).click();
      await page.waitForURL(/\/search/);
      await page.getByRole('searchbox').fill('recorder');
      await page.getByRole('searchbox').press('Enter');
      await page.waitForURL(/\/results/);
      await vi.waitFor(() => expect(platform.batches).toBeGreaterThan(0), WAIT);
      platform.status = 'PROCESSING';
      await recorder.reconcile(platform.command());
      expect(platform.finished).toBe(true);
      expect(recorder.busy).toBe(false);
    } finally {
      // Only the test's link: the recorder closed its browser on PROCESSING.
      await browser.close();
      await recorder.close();
    }

    const signIn = requests.filter((path) => path.startsWith('/welcome'));
    expect(signIn).toEqual(['/welcome?email=ada%40example.com&password=s3cret&country=FR&remember=on&notes=one%0D%0Atwo&added=2&starred=yes']);
    expect(platform.steps()).toEqual([
      { action: 'open', stepName: `Open ${base}/login`, target: `${base}/login`, value: '' },
      { action: 'type', stepName: 'Type into textbox "Email"', target: 'role=textbox[name="Email"]', value: 'ada@example.com' },
      { action: 'type', stepName: 'Type into textbox "Password"', target: 'role=textbox[name="Password"]', value: 's3cret' },
      { action: 'select', stepName: 'Select "FR" in combobox "Country"', target: 'role=combobox[name="Country"]', value: 'FR' },
      { action: 'check', stepName: 'Check checkbox "Remember me"', target: 'role=checkbox[name="Remember me"]', value: 'true' },
      { action: 'type', stepName: 'Type into textbox "Notes"', target: 'role=textbox[name="Notes"]', value: 'one\ntwo' },
      { action: 'click', stepName: 'Click #adders > button:nth-of-type(2)', target: '#adders > button:nth-of-type(2)', value: '' },
      { action: 'click', stepName: 'Click data-testid=star', target: 'data-testid=star', value: '' },
      { action: 'click', stepName: 'Click button "Sign \\"in\\""', target: 'role=button[name="Sign \\"in\\""]', value: '' },
      { action: 'click', stepName: 'Click link "Go to search"', target: 'role=link[name="Go to search"]', value: '' },
      { action: 'type', stepName: 'Type into searchbox "Search"', target: 'role=searchbox[name="Search"]', value: 'recorder' },
      { action: 'press', stepName: 'Press Enter in searchbox "Search"', target: 'role=searchbox[name="Search"]', value: 'Enter' },
    ]);

    // The replay: the executor's own step actions in a fresh browser reach the same page with the same form sent.
    const root = await mkdtemp(join(tmpdir(), 'recording-replay-'));
    const replayBrowser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const context = await replayBrowser.newContext();
      const replayPage = await context.newPage();
      const env = { page: replayPage, context, variables: new Map<string, string>(), artifacts: new RunArtifacts(root, 'replay'), baseUrl: base };
      requests.length = 0;
      for (const [index, step] of platform.steps().entries()) {
        await expect(performStep({ ...step, stepId: `s${index}`, timeoutMs: 5_000 }, env), step.stepName).resolves.toBeDefined();
      }
      await replayPage.waitForURL(`${base}/results?q=recorder`);
      expect(await replayPage.locator('h1').textContent()).toBe('Results');
      expect(requests.filter((path) => path.startsWith('/welcome'))).toEqual(signIn);
    } finally {
      await replayBrowser.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('reports IDLE when the tester closes the browser, and a continue reopens it where they were', async () => {
    const platform = new FakePlatform();
    const recorder = new AgentRecorder({ chromiumPath: CHROMIUM, headless: true, debugPort: 0, sink: platform, log: () => undefined, flushMs: 50 });
    try {
      await recorder.reconcile(platform.command());
      const first = await testerPage(recorder);
      await first.page.goto(`${base}/welcome`);
      await vi.waitFor(() => expect(platform.stored.size).toBe(1), WAIT);
      await first.page.close();
      await vi.waitFor(() => expect(platform.states).toEqual([{ status: 'IDLE', message: '' }]), WAIT);
      await first.browser.close();
      expect(await recorder.debugUrl()).toBeUndefined();
      // A claim answer sent before the IDLE report landed must not reopen the browser.
      const staleTicket = 0;
      await recorder.reconcile({ ...platform.command(), status: 'INPROGRESS' }, staleTicket);
      expect(await recorder.debugUrl()).toBeUndefined();

      platform.status = 'INPROGRESS';
      await recorder.reconcile(platform.command());
      const second = await testerPage(recorder);
      try {
        expect(second.page.url()).toBe(`${base}/welcome`);
        await second.page.getByRole('link', { name: 'Go to search' }).click();
        await vi.waitFor(() => expect(platform.stored.size).toBe(2), WAIT);
        platform.status = 'CANCELLED';
        await recorder.reconcile(platform.command());
        expect(recorder.busy).toBe(false);
      } finally {
        await second.browser.close();
      }
      expect(platform.finished).toBe(false);
      expect(platform.steps().map((step) => step.target)).toEqual([`${base}/welcome`, 'role=link[name="Go to search"]']);
    } finally {
      await recorder.close();
    }
  });

  it('sends again what a dropped link or a short answer left unstored, each action once and in order', async () => {
    /** The first batch is lost on the way; later ones are only stored two actions at a time. */
    class LossyPlatform extends FakePlatform {
      override actions(id: string, actions: RecordedAction[]) {
        if (this.batches === 0) {
          this.batches += 1;
          return Promise.reject(new Error('fetch failed'));
        }
        return super.actions(id, actions.slice(0, 2));
      }
    }
    const platform = new LossyPlatform();
    const recorder = new AgentRecorder({ chromiumPath: CHROMIUM, headless: true, debugPort: 0, sink: platform, log: () => undefined, flushMs: 50 });
    await recorder.reconcile(platform.command());
    const { browser, page } = await testerPage(recorder);
    try {
      page.setDefaultTimeout(5_000);
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Country').selectOption('DE');
      await page.getByLabel('Remember me').check();
      await page.getByLabel('Remember me').uncheck();
      platform.status = 'PROCESSING';
      await recorder.reconcile(platform.command());
      expect(platform.finished).toBe(true);
    } finally {
      await browser.close();
      await recorder.close();
    }
    expect(platform.batches).toBeGreaterThan(3);
    expect([...platform.stored.values()].map(({ seq, action, value }) => [seq, action, value])).toEqual([
      [0, 'open', ''],
      [1, 'type', 'ada@example.com'],
      [2, 'select', 'DE'],
      [3, 'check', 'true'],
      [4, 'check', 'false'],
    ]);
  }, 120_000);

  it('cancels the recording with the reason when the browser cannot start', async () => {
    const platform = new FakePlatform();
    const recorder = new AgentRecorder({ chromiumPath: '/nonexistent/chromium', headless: true, sink: platform, log: () => undefined });
    await recorder.reconcile(platform.command());
    expect(platform.states).toHaveLength(1);
    expect(platform.states[0]?.status).toBe('CANCELLED');
    expect(platform.states[0]?.message).toMatch(/^The recording browser could not start: .*nonexistent/);
    expect(recorder.busy).toBe(false);
  });
});
