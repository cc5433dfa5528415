import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import type { Collection, Step, TestCase } from '../../../shared/contracts/collections';
import { RUN_MESSAGES, type FileRef, type RunProgress } from '../../../shared/contracts/runs';
import type { StepResultValue } from '../../db/schema-runs';
import type { RunArtifacts } from '../artifacts';
import { ProgressTracker } from '../progress';
import type { NewStepResult } from '../repository';
import { prepareVideoRecording } from '../video';
import { orderFlows, seededRandom, type FlowResult } from './flowOrder';
import { performStep, StepFailure, type StepEnvironment, type StepOutcome } from './stepActions';
import type { BrowserSession } from './warmBrowsers';
import { LINK_LOCAL_RESOLVER_RULE } from './stepUrls';

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

/** Where the executor's results go as they happen (the dispatcher writes them to the database). */
export interface RunRecorder {
  log(line: string): Promise<void>;
  /** One finished step and the progress after it, stored together. */
  step(result: NewStepResult, progress: RunProgress): Promise<void>;
  progress(progress: RunProgress): Promise<void>;
  attachment(file: FileRef): Promise<void>;
}

export interface BrowserRunInput {
  statusId: string;
  collection: Collection;
  /** The run's fresh context and page; the browser is closed when the run is stopped. */
  session: BrowserSession;
  /** The server origin: relative URLs and ${BASE_URL} point at it. */
  baseUrl: string;
  artifacts: RunArtifacts;
  recorder: RunRecorder;
  /** Aborted when the run is cancelled or its resource released: the browser closes at once. */
  signal: AbortSignal;
  /** `${name}` values the run starts with (a schedule's data row); BASE_URL always is the server origin. */
  variables?: Readonly<Record<string, string>>;
}

/** Thrown out of the executor when its signal stopped the run; the dispatcher decides the final state. */
export class RunStopped extends Error {
  constructor() {
    super('The run was stopped');
    this.name = 'RunStopped';
  }
}

export interface BrowserRunOutcome {
  result: FlowResult;
  progress: RunProgress;
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function plannedTotals(flows: readonly TestCase[]): { cases: number; steps: number } {
  return { cases: flows.length, steps: flows.reduce((sum, flow) => sum + flow.loop * flow.steps.length, 0) };
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
 * Runs a collection in one fresh browser context of input.browser: init flows, then the flows in the execution type's order, then
 * post flows (always, also after failures), each flow `loop` times. A failed step ends its flow: the rest of the
 * loop's steps are SKIPPED, its further loops do not run, and the run goes on with the next flow.
 */
export async function executeBrowserRun(input: BrowserRunInput): Promise<BrowserRunOutcome> {
  const { collection, recorder, signal, statusId, artifacts } = input;
  const totals = plannedTotals([...collection.initTestSteps, ...collection.testCases, ...collection.postTestSteps]);
  const tracker = new ProgressTracker(totals.cases, totals.steps);
  const { browser } = input.session;
  const closeBrowser = () => void browser.close().catch(() => undefined);
  signal.addEventListener('abort', closeBrowser, { once: true });
  let { context } = input.session;
  try {
    if (signal.aborted) throw new RunStopped();
    const opened = await runContext(input, tracker);
    context = opened.context;
    const { page } = opened;
    const env: StepEnvironment = { page, context, variables: new Map([...Object.entries(input.variables ?? {}), ['BASE_URL', input.baseUrl]]), artifacts, baseUrl: input.baseUrl };
    let flowVisit = 0;

    const failureScreenshot = async (step: Step): Promise<FileRef[]> => {
      try {
        const { file, ref } = await artifacts.reserve(`${step.stepId}-failure`, 'png');
        await page.screenshot({ path: file, timeout: FAILURE_SCREENSHOT_TIMEOUT_MS });
        return [ref];
      } catch (error) {
        await recorder.log(`No screenshot of failed step ${step.stepId}: ${firstLine(error)}`);
        return [];
      }
    };

    const runStep = async (flow: TestCase, loop: number, step: Step, skip: boolean): Promise<StepResultValue> => {
      if (signal.aborted) throw new RunStopped();
      // Live: the sidebar shows the step in progress, not only the last one that ended.
      if (!skip) await recorder.progress(tracker.snapshot());
      const timeStarted = new Date().toISOString();
      let outcome: StepOutcome = { validationResult: '', images: [], attachments: [] };
      let result: StepResultValue = skip ? 'SKIPPED' : 'PASSED';
      let errorDetail = skip ? 'Skipped: an earlier step of this flow failed' : '';
      if (!skip) {
        try {
          outcome = await performStep(step, env);
        } catch (error) {
          if (signal.aborted) throw new RunStopped();
          result = 'FAILED';
          errorDetail = firstLine(error);
          const failure = error instanceof StepFailure ? error : undefined;
          outcome = {
            validationResult: failure?.validationResult ?? '',
            images: await failureScreenshot(step),
            attachments: failure?.attachments ?? [],
          };
          await recorder.log(`Step ${step.stepId} "${step.stepName}" of ${flow.testCaseName} failed: ${errorDetail}`);
        }
      }
      tracker.stepEnded(result);
      await recorder.step(
        {
          status_id: statusId,
          flow_index: flowVisit,
          flow_id: flow.testCaseId,
          flow_name: flow.testCaseName,
          flow_type: flow.testCaseType,
          flow_loop: loop,
          step_id: step.stepId,
          step_name: step.stepName,
          action: step.action,
          result,
          error_detail: errorDetail,
          validation_result: outcome.validationResult,
          images: outcome.images,
          attachments: outcome.attachments,
          time_started: timeStarted,
          time_completed: new Date().toISOString(),
        },
        tracker.snapshot(),
      );
      return result;
    };

    const runFlow = async (flow: TestCase): Promise<FlowResult> => {
      flowVisit += 1;
      let flowResult: FlowResult = 'PASSED';
      for (let loop = 1; loop <= flow.loop; loop += 1) {
        tracker.startCase(flow.testCaseName, loop, flow.loop, flow.steps.length);
        await recorder.progress(tracker.snapshot());
        await recorder.log(`${flow.testCaseName}: loop ${loop} of ${flow.loop}`);
        let failed = false;
        for (const [index, step] of flow.steps.entries()) {
          tracker.startStep(index + 1);
          if ((await runStep(flow, loop, step, failed)) === 'FAILED') failed = true;
        }
        if (failed) {
          flowResult = 'FAILED';
          if (loop < flow.loop) await recorder.log(`${flow.testCaseName}: loops ${loop + 1} to ${flow.loop} not run after the failure`);
          break;
        }
      }
      tracker.caseEnded(flowResult);
      return flowResult;
    };

    const results: FlowResult[] = [];
    for (const flow of collection.initTestSteps) results.push(await runFlow(flow));
    const seed = randomInt(2 ** 31);
    if (collection.executionType === 'RANDOM') await recorder.log(`Random flow order, seed ${seed}`);
    const order = orderFlows(collection, seededRandom(seed));
    for (let next = order.next(); ;) {
      if (next.done) {
        if (next.value.capped) {
          await recorder.log('Branching stopped: the flow visit limit was reached (a cycle of nextOnPass/nextOnFail?)');
          results.push('FAILED');
        }
        break;
      }
      const flowResult = await runFlow(next.value);
      results.push(flowResult);
      next = order.next(flowResult);
    }
    for (const flow of collection.postTestSteps) results.push(await runFlow(flow));

    await context.close();
    const video = page.video();
    if (video) {
      // playwright-core names the file by a random id; the report lists it under a readable, numbered name.
      // saveAs, not the file's path: a remote browser recorded it on its own machine, and this copies it here.
      const { file, ref } = await artifacts.reserve('video', 'webm');
      await video.saveAs(file);
      await video.delete();
      await recorder.attachment(ref);
    }
    tracker.finish();
    return { result: results.includes('FAILED') ? 'FAILED' : 'PASSED', progress: tracker.snapshot() };
  } catch (error) {
    if (signal.aborted) throw new RunStopped();
    throw error;
  } finally {
    signal.removeEventListener('abort', closeBrowser);
    await context.close().catch(() => undefined);
  }
}
