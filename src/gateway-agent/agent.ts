import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { collectionSchema } from '../shared/contracts/collections';
import {
  claimAnswerSchema,
  GATEWAY_AGENT_CLAIM_MS,
  GATEWAY_AGENT_HEARTBEAT_MS,
  gatewayAgentAcceptedSchema,
  runReportAnswerSchema,
  type ClaimedRun,
} from '../shared/contracts/gateway-agents';
import type { FileRef, RunProgress } from '../shared/contracts/runs';
import { agentRecordingAnswerSchema } from '../shared/contracts/recordings';
import { endpoints } from '../shared/endpoints';
import { RunArtifacts } from '../server/runs/artifacts';
import { executeBrowserRun, type RunRecorder } from '../server/runs/executor/browserExecutor';
import { chromiumArgs } from './chromium';
import { PlatformClient, RefusedError } from './platformClient';
import { AgentRecorder, type RecordingSink } from './recorder';

export interface GatewayAgentOptions {
  /** The platform's address, e.g. https://studio.example.com */
  platform: string;
  /** The agent token from Resource Management's Gateway agents panel. */
  token: string;
  /** The resource's name; the token's name when absent. */
  name?: string | undefined;
  chromiumPath: string;
  /** Headed when the machine has a display (main.ts decides). */
  headless: boolean;
  heartbeatMs?: number;
  claimMs?: number;
  log?: (line: string) => void;
  /** Called when the platform refuses the token: the agent has stopped. */
  onRevoked?: () => void;
  /** The recording browser listens for CDP on 127.0.0.1 at this port (so an end-to-end test can drive it). */
  recordingDebugPort?: number | undefined;
}

export interface GatewayAgent {
  deviceId: string;
  close(): Promise<void>;
  /** The CDP address of the recording browser while one is open and recordingDebugPort was given. */
  recordingDebugUrl(): Promise<string | undefined>;
}

const REVOKED = 401;
const NOT_REGISTERED = 409;
const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

interface Execution {
  statusId: string;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * A DESKTOP resource on this machine for a platform it can reach (it may sit behind NAT: it only ever calls out).
 * Registers with its name, OS and browser, beats every heartbeatMs, asks for a run every claimMs, executes it in a
 * local Chromium with the platform's own executor and streams logs, progress, steps and files back. A dropped link is
 * retried on the next beat; a 401 stops the agent.
 */
export async function startGatewayAgent(options: GatewayAgentOptions): Promise<GatewayAgent> {
  const log = options.log ?? ((line: string) => console.log(line));
  const client = new PlatformClient(options.platform, options.token);
  const machine = { ...(options.name ? { name: options.name } : {}), os: type(), browsers: ['Chromium'] };
  const register = async () =>
    (await client.post(endpoints.gatewayAgents.register, machine, gatewayAgentAcceptedSchema)).data.deviceId;

  const deviceId = await registerUntilAnswered(register, options.heartbeatMs ?? GATEWAY_AGENT_HEARTBEAT_MS, log);
  log(`Registered as ${deviceId} on ${options.platform}`);

  let stopped = false;
  let linkDown = false;
  let execution: Execution | undefined;
  const timers: NodeJS.Timeout[] = [];
  const recorder = new AgentRecorder({
    chromiumPath: options.chromiumPath,
    headless: options.headless,
    debugPort: options.recordingDebugPort,
    sink: recordingSink(client),
    log,
  });

  async function close(): Promise<void> {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    execution?.controller.abort();
    await execution?.done;
    await recorder.close();
  }

  /** Every call goes through here: a 401 stops the agent, a dropped link is logged once and retried. */
  async function guarded(call: () => Promise<void>): Promise<void> {
    try {
      await call();
      if (linkDown) log('The platform answers again');
      linkDown = false;
    } catch (error) {
      if (error instanceof RefusedError && error.status === REVOKED) {
        if (stopped) return;
        log(`The platform refused the token (${error.message}): stopping`);
        await close();
        options.onRevoked?.();
        return;
      }
      if (!linkDown) log(`The platform could not be reached (${describe(error)}); trying again`);
      linkDown = true;
    }
  }

  const beat = () =>
    guarded(async () => {
      try {
        await client.post(endpoints.gatewayAgents.heartbeat, {}, gatewayAgentAcceptedSchema);
      } catch (error) {
        if (!(error instanceof RefusedError && error.status === NOT_REGISTERED)) throw error;
        await register();
      }
    });

  let claiming = false;
  const claim = () =>
    guarded(async () => {
      if (claiming || stopped) return;
      claiming = true;
      try {
        const ticket = recorder.ticket();
        const { data } = await client.post(endpoints.gatewayAgents.claim, { idle: !execution && !recorder.busy }, claimAnswerSchema);
        if (execution && data.stopped.includes(execution.statusId)) execution.controller.abort();
        if (data.run && !execution) execute(data.run);
        await recorder.reconcile(data.recording, ticket);
      } finally {
        claiming = false;
      }
    });

  function execute(run: ClaimedRun): void {
    const controller = new AbortController();
    const entry: Execution = { statusId: run.statusId, controller, done: Promise.resolve() };
    execution = entry;
    log(`Running ${run.statusId}`);
    entry.done = runOnce(client, run, options, controller)
      .catch((error: unknown) => log(`Run ${run.statusId} ended with an error: ${describe(error)}`))
      .finally(() => {
        execution = undefined;
        log(`Run ${run.statusId} done`);
        void claim();
      });
  }

  timers.push(setInterval(() => void (stopped ? undefined : beat()), options.heartbeatMs ?? GATEWAY_AGENT_HEARTBEAT_MS));
  timers.push(setInterval(() => void (stopped ? undefined : claim()), options.claimMs ?? GATEWAY_AGENT_CLAIM_MS));
  void claim();
  return { deviceId, close, recordingDebugUrl: () => recorder.debugUrl() };
}

const REPORT_ATTEMPTS = 5;

/**
 * A report sent again while the link is down (a few beats' worth), so a blip does not fail the run; a refusal is an
 * answer and is not repeated. Log lines may then arrive twice, which is better than a lost result.
 */
async function outlastingDrops<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (error instanceof RefusedError || attempt === REPORT_ATTEMPTS) throw error;
      await new Promise((resolveWait) => setTimeout(resolveWait, GATEWAY_AGENT_CLAIM_MS * attempt));
    }
  }
}

/** The recording's reports, each outlasting a dropped link like a run's. */
function recordingSink(client: PlatformClient): RecordingSink {
  const send = async (path: string, body: unknown) => (await outlastingDrops(() => client.post(path, body, agentRecordingAnswerSchema))).data;
  return {
    actions: (id, actions) => send(endpoints.gatewayAgents.recordingActions(id), { actions }),
    state: (id, status, message) => send(endpoints.gatewayAgents.recordingState(id), { status, message }),
    finish: (id) => send(endpoints.gatewayAgents.recordingFinish(id), {}),
  };
}

/** The first registration, tried again every beat while the platform cannot be reached; a refusal ends the start. */
async function registerUntilAnswered(register: () => Promise<string>, everyMs: number, log: (line: string) => void): Promise<string> {
  for (;;) {
    try {
      return await register();
    } catch (error) {
      if (error instanceof RefusedError) throw error;
      log(`The platform could not be reached (${describe(error)}); trying again in ${everyMs / 1000} s`);
      await new Promise((resolveWait) => setTimeout(resolveWait, everyMs));
    }
  }
}

/**
 * One claimed run in a fresh local Chromium: what the server's RunRecorder would write goes to the platform instead
 * (files first, so a step never names a screenshot the platform lacks). Any answer saying the run was cancelled
 * aborts it; the platform has then already ended it, so nothing more is sent.
 */
async function runOnce(client: PlatformClient, run: ClaimedRun, options: GatewayAgentOptions, controller: AbortController): Promise<void> {
  const { statusId } = run;
  const report = async (path: string, body: unknown) => {
    const answer = await outlastingDrops(() => client.post(path, body, runReportAnswerSchema));
    if (answer.data.cancelled) controller.abort();
  };
  const root = await mkdtemp(join(tmpdir(), 'gateway-agent-'));
  const artifacts = new RunArtifacts(root, statusId);
  const upload = async (file: FileRef, runWide: boolean) => {
    const answer = await outlastingDrops(() =>
      client.upload(endpoints.gatewayAgents.runAttachment(statusId), join(artifacts.dir, file.name), { name: file.name, runWide: String(runWide) }, runReportAnswerSchema),
    );
    if (answer.data.cancelled) controller.abort();
  };
  let lastProgress: RunProgress | undefined;
  const recorder: RunRecorder = {
    log: (line) => report(endpoints.gatewayAgents.runLog(statusId), { line }),
    progress: async (progress) => {
      lastProgress = progress;
      await report(endpoints.gatewayAgents.runProgress(statusId), { progress });
    },
    attachment: (file) => upload(file, true),
    step: async (result, progress) => {
      lastProgress = progress;
      for (const file of [...result.images, ...result.attachments]) await upload(file, false);
      const { status_id: _ignored, ...step } = result;
      await report(endpoints.gatewayAgents.runStep(statusId), { result: step, progress });
    },
  };
  const headless = options.headless;
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    headless,
    args: chromiumArgs(headless),
  });
  const close = () => browser.close().catch(() => undefined);
  controller.signal.addEventListener('abort', () => void close(), { once: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recorder.log(`Started on gateway agent (${type()}, Chromium ${browser.version()})`);
    const outcome = await executeBrowserRun({
      statusId,
      collection: collectionSchema.parse(run.collection),
      session: { browser, context, page },
      baseUrl: run.baseUrl,
      artifacts,
      recorder,
      signal: controller.signal,
      variables: run.variables,
    });
    await report(endpoints.gatewayAgents.runFinish(statusId), { result: outcome.result, progress: outcome.progress });
  } catch (error) {
    // Stopped: the platform ended the run already.
    if (controller.signal.aborted) return;
    await recorder.log(`The run could not go on: ${describe(error)}`);
    await report(endpoints.gatewayAgents.runFinish(statusId), { result: 'FAILED', ...(lastProgress ? { progress: lastProgress } : {}) });
  } finally {
    await close();
    await rm(root, { recursive: true, force: true });
  }
}
