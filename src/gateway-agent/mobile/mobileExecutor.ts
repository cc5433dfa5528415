import { request, type APIRequestContext } from 'playwright-core';
import type { MobileDevice } from '../../shared/contracts/mobile';
import { executeRun, RunStopped, runVariables, type BrowserRunOutcome, type RunInput } from '../../server/runs/executor/runFlows';
import { deviceLabel, openSession, type AppiumSession } from './appiumSession';
import { performMobileStep, screenshotTo, type MobileStepEnvironment } from './mobileSteps';

export interface MobileRunInput extends RunInput {
  /** The Appium server that drives the device, e.g. http://127.0.0.1:4723 */
  appiumUrl: string;
  device: MobileDevice;
}

/** The session, or RunStopped as soon as the signal aborts (a session opened later is deleted when it comes). */
async function sessionUnlessStopped(input: MobileRunInput): Promise<AppiumSession> {
  const { signal } = input;
  if (signal.aborted) throw new RunStopped();
  const opening = openSession(input.appiumUrl, input.device);
  let onAbort = () => undefined as void;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(new RunStopped());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([opening, stopped]);
  } catch (error) {
    if (error instanceof RunStopped) void opening.then((session) => session.deleteSession()).catch(() => undefined);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs a collection on a phone through one Appium session (executeRun): the session opens with the device's
 * capabilities and is deleted at the end, or at once when the signal aborts. Appium not reachable or without the
 * device's driver throws MobileSessionError; a device lost mid-run throws DeviceGone; a stop throws RunStopped.
 */
export async function executeMobileRun(input: MobileRunInput): Promise<BrowserRunOutcome> {
  const { signal, recorder } = input;
  const session = await sessionUnlessStopped(input);
  let ended: Promise<void> | null = null;
  const endSession = () => (ended ??= session.deleteSession().then(() => undefined, () => undefined));
  signal.addEventListener('abort', endSession, { once: true });
  const http: { api?: Promise<APIRequestContext> } = {};
  const env: MobileStepEnvironment = {
    session,
    device: input.device,
    appiumUrl: input.appiumUrl,
    variables: runVariables(input),
    artifacts: input.artifacts,
    baseUrl: input.baseUrl,
    signal,
    request: () => (http.api ??= request.newContext()),
  };
  try {
    await recorder.log(`Appium session ${session.sessionId} on ${deviceLabel(input.device)} at ${input.appiumUrl}`);
    return await executeRun(input, {
      performStep: (step) => performMobileStep(step, env),
      screenshot: (file) => screenshotTo(env, file),
    });
  } finally {
    signal.removeEventListener('abort', endSession);
    await endSession();
    if (http.api) await (await http.api).dispose();
  }
}
