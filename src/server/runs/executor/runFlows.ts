import { DISK_MESSAGES } from '../../../shared/contracts/disk';
import { isDiskFull } from '../../disk/diskWatch';
import { randomInt } from 'node:crypto';
import type { Collection, Step, TestCase } from '../../../shared/contracts/collections';
import type { FileRef, RunProgress } from '../../../shared/contracts/runs';
import type { StepResultValue } from '../../db/schema-runs';
import type { RunArtifacts } from '../artifacts';
import { ProgressTracker } from '../progress';
import type { NewStepResult } from '../repository';
import { orderFlows, seededRandom, type FlowResult } from './flowOrder';
import { StepFailure, type StepOutcome } from './stepActions';
import { passedOnRetryLogLine, retryLogLine } from '../../../shared/contracts/flakiness';

/** Where the executor's results go as they happen (the dispatcher writes them to the database). */
export interface RunRecorder {
  log(line: string): Promise<void>;
  /** One finished step and the progress after it, stored together. */
  step(result: NewStepResult, progress: RunProgress): Promise<void>;
  progress(progress: RunProgress): Promise<void>;
  attachment(file: FileRef): Promise<void>;
}

/** What every executor is given, whatever its steps run on. */
export interface RunInput {
  statusId: string;
  collection: Collection;
  /** The server origin: relative URLs and ${BASE_URL} point at it. */
  baseUrl: string;
  artifacts: RunArtifacts;
  recorder: RunRecorder;
  /** Aborted when the run is cancelled or its resource released: the session ends at once. */
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

/**
 * Thrown by a driver's step when the run cannot go on at all (its device went away): it ends the run, where an
 * ordinary error fails only its step.
 */
export class RunEnded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunEnded';
  }
}

export interface BrowserRunOutcome {
  result: FlowResult;
  progress: RunProgress;
}

/**
 * What a run's steps run on: a browser page, a phone's Appium session. The orchestration (flows, loops, progress,
 * results) is the same for all of them.
 */
export interface RunDriver {
  /** Before the first flow, e.g. starting a video; what it could not do it notes on the tracker. */
  start?(tracker: ProgressTracker): Promise<void>;
  /** Runs one step; throws StepFailure (or another error) when it fails. */
  performStep(step: Step): Promise<StepOutcome>;
  /** Writes a PNG of the screen to `file`, for a failed step. */
  screenshot(file: string): Promise<void>;
  /** After the last flow of a run that was not stopped, e.g. keeping the video. */
  finish?(recorder: RunRecorder): Promise<void>;
}

export const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * A write that found the disk full ends the run (FAILED, "Disk full" in its log): every later step would fail the same
 * way, and going on would only take what space other runs' writes free.
 */
function endIfDiskFull(error: unknown): void {
  if (isDiskFull(error)) throw new RunEnded(DISK_MESSAGES.runDiskFull(firstLine(error)));
}

/** The `${name}` values a run starts with: the input's, and BASE_URL, the server origin. */
export function runVariables(input: Pick<RunInput, 'variables' | 'baseUrl'>): Map<string, string> {
  return new Map([...Object.entries(input.variables ?? {}), ['BASE_URL', input.baseUrl]]);
}

/** Where a step runs in its flow visit: the loop, and the attempt (1, then 2 for the first retry). */
interface StepPlace {
  loop: number;
  attempt: number;
}

function plannedTotals(flows: readonly TestCase[]): { cases: number; steps: number } {
  return { cases: flows.length, steps: flows.reduce((sum, flow) => sum + flow.loop * flow.steps.length, 0) };
}

/**
 * Runs a collection on `driver`: init flows, then the flows in the execution type's order, then post flows (always,
 * also after failures), each flow `loop` times. A failed step ends its flow: the rest of the loop's steps are SKIPPED,
 * its further loops do not run, and the run goes on with the next flow. A failed flow runs again from its first loop
 * up to `collection.retries` times (issue 29); every attempt's steps are stored, and the last attempt is its result. Throws RunStopped once the signal is aborted;
 * ending the driver's session is the caller's.
 */
export async function executeRun(input: RunInput, driver: RunDriver): Promise<BrowserRunOutcome> {
  const { collection, recorder, signal, statusId, artifacts } = input;
  const totals = plannedTotals([...collection.initTestSteps, ...collection.testCases, ...collection.postTestSteps]);
  const tracker = new ProgressTracker(totals.cases, totals.steps);
  try {
    if (signal.aborted) throw new RunStopped();
    await driver.start?.(tracker);
    let flowVisit = 0;
    const retries = collection.retries;

    const failureScreenshot = async (step: Step): Promise<FileRef[]> => {
      try {
        const { file, ref } = await artifacts.reserve(`${step.stepId}-failure`, 'png');
        await driver.screenshot(file);
        return [ref];
      } catch (error) {
        endIfDiskFull(error);
        await recorder.log(`No screenshot of failed step ${step.stepId}: ${firstLine(error)}`);
        return [];
      }
    };

    const runStep = async (flow: TestCase, at: StepPlace, step: Step, skip: boolean): Promise<StepResultValue> => {
      if (signal.aborted) throw new RunStopped();
      // Live: the sidebar shows the step in progress, not only the last one that ended.
      if (!skip) await recorder.progress(tracker.snapshot());
      const timeStarted = new Date().toISOString();
      let outcome: StepOutcome = { validationResult: '', images: [], attachments: [] };
      let result: StepResultValue = skip ? 'SKIPPED' : 'PASSED';
      let errorDetail = skip ? 'Skipped: an earlier step of this flow failed' : '';
      if (!skip) {
        try {
          outcome = await driver.performStep(step);
        } catch (error) {
          if (signal.aborted) throw new RunStopped();
          if (error instanceof RunEnded) throw error;
          endIfDiskFull(error);
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
          flow_loop: at.loop,
          attempt: at.attempt,
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

    /** One attempt of a flow: its loops, until one fails. */
    const runAttempt = async (flow: TestCase, attempt: number): Promise<FlowResult> => {
      for (let loop = 1; loop <= flow.loop; loop += 1) {
        tracker.startCase(flow.testCaseName, loop, flow.loop, flow.steps.length);
        await recorder.progress(tracker.snapshot());
        await recorder.log(`${flow.testCaseName}: loop ${loop} of ${flow.loop}${attempt > 1 ? ` (retry ${attempt - 1})` : ''}`);
        let failed = false;
        for (const [index, step] of flow.steps.entries()) {
          tracker.startStep(index + 1);
          if ((await runStep(flow, { loop, attempt }, step, failed)) === 'FAILED') failed = true;
        }
        if (failed) {
          if (loop < flow.loop) await recorder.log(`${flow.testCaseName}: loops ${loop + 1} to ${flow.loop} not run after the failure`);
          return 'FAILED';
        }
      }
      return 'PASSED';
    };

    /** A flow visit: a failed attempt runs again, up to the collection's retries; the last attempt is the flow's result. */
    const runFlow = async (flow: TestCase): Promise<FlowResult> => {
      flowVisit += 1;
      let attempt = 1;
      let flowResult = await runAttempt(flow, attempt);
      while (flowResult === 'FAILED' && attempt <= retries) {
        await recorder.log(retryLogLine(flow.testCaseName, attempt, retries));
        tracker.retryCase(flow.loop * flow.steps.length);
        attempt += 1;
        flowResult = await runAttempt(flow, attempt);
      }
      if (flowResult === 'PASSED' && attempt > 1) await recorder.log(passedOnRetryLogLine(flow.testCaseName, attempt - 1));
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

    await driver.finish?.(recorder);
    tracker.finish();
    return { result: results.includes('FAILED') ? 'FAILED' : 'PASSED', progress: tracker.snapshot() };
  } catch (error) {
    if (signal.aborted) throw new RunStopped();
    throw error;
  }
}
