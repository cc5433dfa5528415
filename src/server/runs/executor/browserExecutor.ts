import type { BrowserContext, Page } from 'playwright-core';
import { RUN_MESSAGES } from '../../../shared/contracts/runs';
import type { ProgressTracker } from '../progress';
import { prepareVideoRecording } from '../video';
import { performStep, type StepEnvironment } from './stepActions';
import type { BrowserSession } from './warmBrowsers';
import { LINK_LOCAL_RESOLVER_RULE } from './stepUrls';
import { executeRun, runVariables, type BrowserRunOutcome, type RunInput } from './runFlows';

export { RunStopped, type BrowserRunOutcome, type RunRecorder } from './runFlows';

/** Flags that keep Chromium off the network this machine may not have, and quiet in a container. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  LINK_LOCAL_RESOLVER_RULE,
];

const FAILURE_SCREENSHOT_TIMEOUT_MS = 5_000;

export interface BrowserRunInput extends RunInput {
  /** The run's fresh context and page; the browser is closed when the run is stopped. */
  session: BrowserSession;
}

/**
 * The session's context, or with Video a new context that records (recordVideo is a context option); when
 * ffmpeg cannot be set up the run says so in its log and progress and goes on without video.
 */
async function runContext(input: BrowserRunInput, tracker: ProgressTracker): Promise<{ context: BrowserContext; page: Page }> {
  const { session } = input;
  if (!input.collection.video) return session;
  // A remote browser records on its own machine: its `npm run resource` set ffmpeg up there.
  const reason = session.remote ? null : await prepareVideoRecording();
  if (reason !== null) {
    const message = RUN_MESSAGES.videoUnavailable(reason);
    tracker.noteVideo(message);
    await input.recorder.log(`${message}. The run goes on without video.`);
    return session;
  }
  await session.context.close();
  const context = await session.browser.newContext({ recordVideo: { dir: input.artifacts.dir } });
  return { context, page: await context.newPage() };
}

/**
 * Runs a collection (executeRun) in one fresh browser context of input.session.browser, recording a video when the
 * collection asks for one. The browser closes as soon as the signal is aborted.
 */
export async function executeBrowserRun(input: BrowserRunInput): Promise<BrowserRunOutcome> {
  const { artifacts, signal } = input;
  const { browser } = input.session;
  const closeBrowser = () => void browser.close().catch(() => undefined);
  signal.addEventListener('abort', closeBrowser, { once: true });
  let { context, page } = input.session;
  const env: StepEnvironment = { page, context, variables: runVariables(input), artifacts, baseUrl: input.baseUrl };
  try {
    return await executeRun(input, {
      async start(tracker) {
        ({ context, page } = await runContext(input, tracker));
        Object.assign(env, { context, page });
      },
      performStep: (step) => performStep(step, env),
      async screenshot(file) {
        await page.screenshot({ path: file, timeout: FAILURE_SCREENSHOT_TIMEOUT_MS });
      },
      async finish(recorder) {
        await context.close();
        const video = page.video();
        if (!video) return;
        // playwright-core names the file by a random id; the report lists it under a readable, numbered name.
        // saveAs, not the file's path: a remote browser recorded it on its own machine, and this copies it here.
        const { file, ref } = await artifacts.reserve('video', 'webm');
        await video.saveAs(file);
        await video.delete();
        await recorder.attachment(ref);
      },
    });
  } finally {
    signal.removeEventListener('abort', closeBrowser);
    await context.close().catch(() => undefined);
  }
}
