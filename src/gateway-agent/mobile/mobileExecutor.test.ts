import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { collectionSchema, type Collection } from '../../shared/contracts/collections';
import type { MobileDevice } from '../../shared/contracts/mobile';
import type { FileRef, RunProgress } from '../../shared/contracts/runs';
import { RunArtifacts } from '../../server/runs/artifacts';
import { RunStopped, type RunRecorder } from '../../server/runs/executor/runFlows';
import type { NewStepResult } from '../../server/runs/repository';
import { EMULATED_PHONE, startAppium, type AppiumServer } from '../../server/testing/appium';
import { browserCollection, startPageServer, type PageServer } from '../../server/testing/runFixtures';
import { appiumStatus, DeviceGone, executeMobileRun, MobileSessionError } from './index';

/** An app for Appium's fake driver: elements with ids (its accessibility ids), a text field and a button. */
const FAKE_APP = `<app width="400" height="800">
  <title>Shop</title>
  <MockScreen id="home">
    <MockInputField id="search" top="40" left="20" width="360" height="40"/>
    <MockButton id="go" top="100" left="20" width="100" height="40">Go</MockButton>
  </MockScreen>
</app>`;


/** What the executor hands the agent, kept in memory. */
class MemoryRecorder implements RunRecorder {
  lines: string[] = [];
  steps: NewStepResult[] = [];
  progressCount = 0;
  onProgress: () => void = () => undefined;
  log(line: string) {
    this.lines.push(line);
    return Promise.resolve();
  }
  step(result: NewStepResult) {
    this.steps.push(result);
    return Promise.resolve();
  }
  progress(_progress: RunProgress) {
    this.progressCount += 1;
    this.onProgress();
    return Promise.resolve();
  }
  attachment(_file: FileRef) {
    return Promise.resolve();
  }
  sessionId(): string {
    const line = this.lines.find((text) => text.startsWith('Appium session '));
    return line?.split(' ')[2] ?? '';
  }
}

type FlowSteps = Parameters<typeof browserCollection>[0]['flows'];

const collectionOf = (flows: FlowSteps): Collection => collectionSchema.parse(browserCollection({ flows }));

let root = '';
let appium: AppiumServer;
let pages: PageServer;
let fakeDevice: MobileDevice;
let runCount = 0;

async function run(device: MobileDevice, flows: FlowSteps, options: { signal?: AbortSignal; recorder?: MemoryRecorder; server?: AppiumServer; retries?: number } = {}) {
  runCount += 1;
  const recorder = options.recorder ?? new MemoryRecorder();
  const artifacts = new RunArtifacts(join(root, 'artifacts'), `run-${runCount}`);
  const outcome = await executeMobileRun({
    statusId: artifacts.statusId,
    collection: { ...collectionOf(flows), retries: options.retries ?? 0 },
    appiumUrl: (options.server ?? appium).url,
    device,
    baseUrl: pages.origin,
    artifacts,
    recorder,
    signal: options.signal ?? new AbortController().signal,
  });
  return { outcome, recorder, artifacts };
}

async function isPng(artifacts: RunArtifacts, ref: FileRef | undefined): Promise<boolean> {
  const bytes = await readFile(join(artifacts.dir, ref?.name ?? 'none'));
  return bytes.subarray(1, 4).toString('latin1') === 'PNG';
}

/** Whether Appium still knows the session (it answers "invalid session id" for one that was deleted). */
async function sessionAlive(server: AppiumServer, sessionId: string): Promise<boolean> {
  const response = await fetch(`${server.url}/session/${sessionId}/url`);
  const body = (await response.json()) as { value?: { error?: string } };
  return body.value?.error !== 'invalid session id';
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mobile-runs-'));
  const app = join(root, 'shop.xml');
  await writeFile(app, FAKE_APP);
  fakeDevice = { udid: 'fake-1', platform: 'ANDROID', name: 'Fake phone', model: '', osVersion: '', capabilities: { platformName: 'Fake', 'appium:automationName': 'Fake', 'appium:app': app } };
  [appium, pages] = await Promise.all([startAppium(), startPageServer()]);
});

afterAll(async () => {
  await Promise.all([appium?.close(), pages?.close()]);
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  onTestFailed(() => console.error(`Appium's log:\n${appium.output()}`));
});

describe('a phone run through the real Appium server', () => {
  it('answers whether Appium is reachable, in words a tester understands', async () => {
    expect(await appiumStatus(appium.url)).toBeNull();
    const closed = await startPageServer();
    await closed.close();
    expect(await appiumStatus(closed.origin)).toMatch(new RegExp(`^Appium is not reachable at URL: ${closed.origin} \\(.+\\)$`));
    await expect(run(fakeDevice, [], { server: { ...appium, url: closed.origin } })).rejects.toThrow(`Appium is not reachable at URL: ${closed.origin}`);
  });

  it('names the missing driver and how to install it', async () => {
    const android: MobileDevice = { udid: 'emulator-5554', platform: 'ANDROID', model: '', osVersion: '', capabilities: {} };
    const iphone: MobileDevice = { ...android, udid: '00008110-000A', platform: 'IOS' };
    const flows = [{ testCaseId: 'launch', steps: [{ stepId: 's1', action: 'back' }] }];
    await expect(run(android, flows)).rejects.toThrow(new MobileSessionError('Appium has no UiAutomator2 driver: install it with `appium driver install uiautomator2`'));
    await expect(run(iphone, flows)).rejects.toThrow(new MobileSessionError('Appium has no XCUITest driver: install it with `appium driver install xcuitest`'));
  });

  it('runs native steps with accessibility id and XPath selectors on the fake driver', async () => {
    const { outcome, recorder, artifacts } = await run(fakeDevice, [
      {
        testCaseId: 'search',
        steps: [
          { stepId: 'type', action: 'type', target: '~search', value: 'shoes' },
          { stepId: 'typed', action: 'assertText', target: '~search', value: 'shoes' },
          { stepId: 'tap', action: 'tap', target: '//MockButton[@id="go"]' },
          { stepId: 'tapped', action: 'assertAttribute', target: 'xpath=//MockButton', value: 'clicks=1' },
          { stepId: 'swipe', action: 'swipe', value: 'up' },
          { stepId: 'swipe-path', action: 'swipe', value: 'from 200,700 to 200,100' },
          { stepId: 'scroll', action: 'scroll', target: '~go', value: 'down' },
          { stepId: 'clear', action: 'clear', target: '~search' },
          { stepId: 'shot', action: 'screenshot' },
        ],
      },
    ]);
    expect(recorder.steps.map((step) => [step.step_id, step.result, step.error_detail])).toEqual([
      ['type', 'PASSED', ''],
      ['typed', 'PASSED', ''],
      ['tap', 'PASSED', ''],
      ['tapped', 'PASSED', ''],
      ['swipe', 'PASSED', ''],
      ['swipe-path', 'PASSED', ''],
      ['scroll', 'PASSED', ''],
      ['clear', 'PASSED', ''],
      ['shot', 'PASSED', ''],
    ]);
    expect(recorder.steps[1]?.validation_result).toBe('text "shoes" contains "shoes"');
    expect(recorder.steps[6]?.validation_result).toBe('"~go" shows after 0 scrolls');
    expect(await isPng(artifacts, recorder.steps[8]?.images[0])).toBe(true);
    expect(outcome.result).toBe('PASSED');
    expect(outcome.progress.passedSteps).toBe(9);
    expect(await sessionAlive(appium, recorder.sessionId())).toBe(false);
  });

  it('retries a failed flow on the phone, each attempt with its steps and screenshot (issue 29)', async () => {
    const { outcome, recorder, artifacts } = await run(fakeDevice, [{ testCaseId: 'missing', steps: [{ stepId: 'tap', action: 'tap', target: '~checkout', timeoutMs: 300 }] }], { retries: 1 });
    expect(outcome.result).toBe('FAILED');
    expect(recorder.steps.map((step) => [step.step_id, step.attempt, step.result, step.flow_index])).toEqual([
      ['tap', 1, 'FAILED', 1],
      ['tap', 2, 'FAILED', 1],
    ]);
    expect(await isPng(artifacts, recorder.steps[0]?.images[0])).toBe(true);
    expect(await isPng(artifacts, recorder.steps[1]?.images[0])).toBe(true);
    expect(recorder.steps[0]?.images[0]?.name).not.toBe(recorder.steps[1]?.images[0]?.name);
    expect(outcome.progress).toMatchObject({ failedSteps: 1, failedCases: 1 });
  });

  it('fails a step whose selector matches nothing, with a screenshot, and says what the driver cannot do', async () => {
    const { outcome, recorder, artifacts } = await run(fakeDevice, [
      {
        testCaseId: 'missing',
        steps: [
          { stepId: 'tap', action: 'tap', target: '~checkout', timeoutMs: 300 },
          { stepId: 'after', action: 'tap', target: '~go' },
        ],
      },
      { testCaseId: 'back', steps: [{ stepId: 'back', action: 'back' }] },
    ]);
    expect(outcome.result).toBe('FAILED');
    const [tap, after, back] = recorder.steps;
    expect(tap?.result).toBe('FAILED');
    expect(tap?.error_detail).toBe('Could not tap "~checkout"; found no matching element (waited 300 ms)');
    expect(await isPng(artifacts, tap?.images[0])).toBe(true);
    expect(after?.result).toBe('SKIPPED');
    expect(back?.result).toBe('FAILED');
    expect(back?.error_detail).toMatch(/^Back is not supported by the Appium driver of Fake phone: Method has not yet been implemented/);
  });

  it('runs mobile web steps in Chromium emulating a phone, with screenshots', async () => {
    const { outcome, recorder, artifacts } = await run(EMULATED_PHONE, [
      {
        testCaseId: 'form',
        steps: [
          { stepId: 'open', action: 'open', target: '/form' },
          { stepId: 'phone', action: 'assertText', target: 'css=#out', value: '' },
          { stepId: 'type', action: 'type', target: '#name', value: 'Ada' },
          { stepId: 'keyboard', action: 'hideKeyboard' },
          { stepId: 'select', action: 'select', target: '#color', value: 'blue' },
          { stepId: 'check', action: 'check', target: '#agree' },
          { stepId: 'tap', action: 'tap', target: '#go' },
          { stepId: 'said', action: 'assertText', target: '#out', value: 'Hello Ada blue agreed' },
          { stepId: 'shot', action: 'screenshot' },
          { stepId: 'link', action: 'tap', target: 'text=To the list' },
          { stepId: 'list', action: 'assertTitle', value: 'List Page' },
          { stepId: 'back', action: 'back' },
          { stepId: 'url', action: 'assertUrl', value: '/form' },
          { stepId: 'agent', action: 'setVariable', target: 'agent', value: 'phone' },
        ],
      },
    ]);
    expect(recorder.steps.filter((step) => step.result !== 'PASSED').map((step) => [step.step_id, step.error_detail])).toEqual([]);
    expect(outcome.result).toBe('PASSED');
    const shot = recorder.steps.find((step) => step.step_id === 'shot');
    expect(await isPng(artifacts, shot?.images[0])).toBe(true);
  });

  it('fails a wrong assertion with a failure screenshot', async () => {
    const { outcome, recorder, artifacts } = await run(EMULATED_PHONE, [
      {
        testCaseId: 'wrong',
        steps: [
          { stepId: 'open', action: 'open', target: '/list' },
          { stepId: 'assert', action: 'assertText', target: 'li', value: 'Three', timeoutMs: 300 },
        ],
      },
    ]);
    expect(outcome.result).toBe('FAILED');
    const failed = recorder.steps[1];
    expect(failed?.error_detail).toBe('Assertion failed: expected the text of "li" to contain "Three"; found "One" (the first of 2 matching elements)');
    expect(await isPng(artifacts, failed?.images[0])).toBe(true);
  });

  /** A run whose second step waits for an element that never comes: as long as the step's limit allows. */
  const waitingForever: FlowSteps = [
    {
      testCaseId: 'waits',
      steps: [
        { stepId: 'open', action: 'open', target: '/form' },
        { stepId: 'wait', action: 'waitFor', target: '#never', timeoutMs: 600_000 },
      ],
    },
  ];

  /** A recorder that calls `then` once the run's second step is under way. */
  function whenWaiting(then: () => void): MemoryRecorder {
    const recorder = new MemoryRecorder();
    recorder.onProgress = () => {
      if (recorder.steps.length === 1) then();
    };
    return recorder;
  }

  it('stops at once when the run is cancelled mid-step, and deletes the session', async () => {
    const controller = new AbortController();
    const recorder = whenWaiting(() => controller.abort());
    await expect(run(EMULATED_PHONE, waitingForever, { signal: controller.signal, recorder })).rejects.toBeInstanceOf(RunStopped);
    expect(recorder.steps.map((step) => step.step_id)).toEqual(['open']);
    expect(await sessionAlive(appium, recorder.sessionId())).toBe(false);
  });

  it('ends with the device gone when Appium dies mid-run', async () => {
    const doomed = await startAppium();
    onTestFailed(() => console.error(`The killed Appium's log:\n${doomed.output()}`));
    try {
      const recorder = whenWaiting(() => void doomed.kill());
      const failure = await run(EMULATED_PHONE, waitingForever, { recorder, server: doomed }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DeviceGone);
      expect((failure as Error).message).toBe(`Pixel 7 (emulated) went away: Appium at ${doomed.url} stopped answering`);
    } finally {
      await doomed.close();
    }
  });
});
