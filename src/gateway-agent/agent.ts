import { type } from 'node:os';
import { chromium } from 'playwright-core';
import {
  claimAnswerSchema,
  GATEWAY_AGENT_CLAIM_MS,
  GATEWAY_AGENT_HEARTBEAT_MS,
  gatewayAgentAcceptedSchema,
  type ClaimedRun,
} from '../shared/contracts/gateway-agents';
import { agentRecordingAnswerSchema } from '../shared/contracts/recordings';
import { endpoints } from '../shared/endpoints';
import { executeBrowserRun, type BrowserRunOutcome } from '../server/runs/executor/browserExecutor';
import { createAgentLink, registerUntilAnswered } from './agentLink';
import { chromiumArgs } from './chromium';
import { PlatformClient } from './platformClient';
import { AgentRecorder, type RecordingSink } from './recorder';
import { firstLineOf, outlastingDrops, reportRun, type RunExecution } from './runReporting';
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

  let execution: Execution | undefined;
  const recorder = new AgentRecorder({
    chromiumPath: options.chromiumPath,
    headless: options.headless,
    debugPort: options.recordingDebugPort,
    sink: recordingSink(client),
    log,
  });

  async function close(): Promise<void> {
    link.halt();
    execution?.controller.abort();
    await execution?.done;
    await recorder.close();
  }
  const link = createAgentLink({ client, log, register, close, onRevoked: options.onRevoked });

  const claim = link.oneAtATime(async () => {
    const ticket = recorder.ticket();
    const { data } = await client.post(endpoints.gatewayAgents.claim, { idle: !execution && !recorder.busy }, claimAnswerSchema);
    if (execution && data.stopped.includes(execution.statusId)) execution.controller.abort();
    if (data.run && !execution) execute(data.run);
    await recorder.reconcile(data.recording, ticket);
  });

  function execute(run: ClaimedRun): void {
    const controller = new AbortController();
    const entry: Execution = { statusId: run.statusId, controller, done: Promise.resolve() };
    execution = entry;
    log(`Running ${run.statusId}`);
    entry.done = reportRun(client, run, controller, (input) => executeInChromium(input, options))
      .catch((error: unknown) => log(`Run ${run.statusId} ended with an error: ${firstLineOf(error)}`))
      .finally(() => {
        execution = undefined;
        log(`Run ${run.statusId} done`);
        void claim();
      });
  }

  link.every(options.heartbeatMs ?? GATEWAY_AGENT_HEARTBEAT_MS, link.beat);
  link.every(options.claimMs ?? GATEWAY_AGENT_CLAIM_MS, claim);
  void claim();
  return { deviceId, close, recordingDebugUrl: () => recorder.debugUrl() };
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

/** One claimed run in a fresh local Chromium, closed when the run is stopped or ends. */
async function executeInChromium(input: RunExecution, options: GatewayAgentOptions): Promise<BrowserRunOutcome> {
  const headless = options.headless;
  const browser = await chromium.launch({
    executablePath: options.chromiumPath,
    headless,
    args: chromiumArgs(headless),
  });
  const close = () => browser.close().catch(() => undefined);
  input.signal.addEventListener('abort', () => void close(), { once: true });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await input.recorder.log(`Started on gateway agent (${type()}, Chromium ${browser.version()})`);
    return await executeBrowserRun({ ...input, session: { browser, context, page } });
  } finally {
    await close();
  }
}
