import {
  agentDevicesAcceptedSchema,
  agentMobileDeviceSchema,
  claimAnswerSchema,
  GATEWAY_AGENT_CLAIM_MS,
  GATEWAY_AGENT_HEARTBEAT_MS,
  mobileDeviceNameOf,
  type ClaimedRun,
} from '../shared/contracts/gateway-agents';
import { MOBILE_PLATFORM_LABELS, type MobileDevice } from '../shared/contracts/mobile';
import { endpoints } from '../shared/endpoints';
import type { BrowserRunOutcome } from '../server/runs/executor/browserExecutor';
import { createAgentLink, registerUntilAnswered } from './agentLink';
import { DevicesFileError, discoverDevices } from './mobileDiscovery';
import { PlatformClient } from './platformClient';
import type { MobileRunInput } from './mobile';

export type { MobileRunInput };
import { firstLineOf, reportRun, type RunExecution } from './runReporting';


/** The Appium side the agent drives phones with: main.ts wires src/gateway-agent/mobile's executeMobileRun and appiumStatus. */
export interface MobileDriver {
  /** Runs the collection on the phone through Appium; throws RunStopped on abort and its device-gone error when the phone or its session is lost. */
  execute(input: MobileRunInput): Promise<BrowserRunOutcome>;
  /** Why the Appium server at the URL cannot drive devices (not reachable, not ready), or null when it can. */
  status(appiumUrl: string): Promise<string | null>;
  /** The reason to end the run ABORTED when `error` says the phone went away; undefined for any other error (FAILED). */
  deviceGoneReason(error: unknown): string | undefined;
}

export interface MobileGatewayAgentOptions {
  platform: string;
  token: string;
  /** The Appium server next to the phones, e.g. http://127.0.0.1:4723 */
  appiumUrl: string;
  /** The tester's devices.json (mobileDevicesFileSchema); adb's devices are added to it. */
  devicesFile?: string | undefined;
  driver: MobileDriver;
  heartbeatMs?: number;
  claimMs?: number;
  /** Devices are looked for again every this many heartbeats, and registered again when the list changed. */
  rediscoverEveryBeats?: number;
  log?: (line: string) => void;
  onRevoked?: () => void;
  /** The devices this agent serves now (by default: the devices file and `adb devices -l`). */
  discover?: () => Promise<MobileDevice[]>;
}

export interface MobileGatewayAgent {
  /** Each served device's udid and MOBILE resource id, as the platform last answered. */
  devices(): { udid: string; deviceId: string }[];
  /** Looks for devices now and registers the list when it changed. */
  rediscover(): Promise<void>;
  close(): Promise<void>;
}

const REDISCOVER_EVERY_BEATS = 3;

interface DeviceExecution {
  statusId: string;
  controller: AbortController;
  done: Promise<void>;
}

export const appiumUnreachableMessage = (appiumUrl: string, error: unknown): string =>
  `Appium is not reachable at ${appiumUrl} (${firstLineOf(error)}). Start it next to the devices, e.g. npx appium --address 127.0.0.1 --port 4723, and give its address with --appium`;

/** A device's registration as the platform takes it, in a stable order so two discoveries compare equal. */
const registrationOf = (devices: readonly MobileDevice[]) =>
  devices.map((device) => agentMobileDeviceSchema.parse(device)).sort((a, b) => a.udid.localeCompare(b.udid));

/**
 * The phones next to this machine as MOBILE resources (issue 28): checks Appium, lists the devices it finds, beats,
 * and asks every claimMs for a run for each idle phone; each phone runs one collection at a time through `driver`,
 * reported exactly as a desktop run is (runReporting.ts). Devices are looked for again every few beats; a phone that
 * went away is dropped from the list (the platform aborts its run) and one that came is added.
 */
export async function startMobileGatewayAgent(options: MobileGatewayAgentOptions): Promise<MobileGatewayAgent> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { appiumUrl, driver } = options;
  const heartbeatMs = options.heartbeatMs ?? GATEWAY_AGENT_HEARTBEAT_MS;
  const problem = await driver.status(appiumUrl).catch((error: unknown) => appiumUnreachableMessage(appiumUrl, error));
  if (problem !== null) throw new Error(problem);
  const discover = options.discover ?? (() => discoverDevices(options.devicesFile, log));
  const client = new PlatformClient(options.platform, options.token);

  let served: MobileDevice[] = await discover();
  let registered = '';
  const byDeviceId = new Map<string, MobileDevice>();
  let answered: { udid: string; deviceId: string }[] = [];
  const executions = new Map<string, DeviceExecution>();

  async function register(devices: MobileDevice[], started: boolean): Promise<void> {
    const body = { devices: registrationOf(devices), started };
    const { data } = await client.post(endpoints.gatewayAgents.registerDevices, body, agentDevicesAcceptedSchema);
    registered = JSON.stringify(body.devices);
    answered = data.devices;
    byDeviceId.clear();
    for (const { udid, deviceId } of data.devices) {
      const device = devices.find((candidate) => candidate.udid === udid);
      if (device) byDeviceId.set(deviceId, device);
    }
  }

  await registerUntilAnswered(() => register(served, true), heartbeatMs, log);
  if (served.length === 0) log(`No device found yet (devices file ${options.devicesFile ?? 'not given'}, adb): looking again every ${(heartbeatMs * (options.rediscoverEveryBeats ?? REDISCOVER_EVERY_BEATS)) / 1000} s`);
  for (const device of served) log(`Serving ${describeDevice(device)} on ${options.platform}`);

  async function close(): Promise<void> {
    link.halt();
    for (const execution of executions.values()) execution.controller.abort();
    await Promise.all([...executions.values()].map((execution) => execution.done));
  }
  const link = createAgentLink({ client, log, register: () => register(served, false), close, onRevoked: options.onRevoked });

  const rediscover = link.oneAtATime(async () => {
    const found = await discover().catch((error: unknown) => {
      // A file edited into a broken state keeps the devices served so far.
      if (!(error instanceof DevicesFileError)) throw error;
      log(`${error.message}: keeping the devices served so far`);
      return served;
    });
    if (JSON.stringify(registrationOf(found)) === registered) return;
    const before = new Set(served.map((device) => device.udid));
    const now = new Set(found.map((device) => device.udid));
    for (const device of found.filter((candidate) => !before.has(candidate.udid))) log(`Serving ${describeDevice(device)}`);
    for (const device of served.filter((candidate) => !now.has(candidate.udid))) log(`${describeDevice(device)} went away`);
    served = found;
    await register(found, false);
  });

  let beats = 0;
  const beat = async () => {
    await link.beat();
    beats += 1;
    if (beats % (options.rediscoverEveryBeats ?? REDISCOVER_EVERY_BEATS) === 0) await rediscover();
  };

  const claim = link.oneAtATime(async () => {
    const idleDevices = [...byDeviceId.keys()].filter((deviceId) => !executions.has(deviceId));
    const { data } = await client.post(endpoints.gatewayAgents.claim, { idle: false, idleDevices }, claimAnswerSchema);
    for (const execution of executions.values()) if (data.stopped.includes(execution.statusId)) execution.controller.abort();
    for (const { deviceId, run } of data.deviceRuns) {
      const device = byDeviceId.get(deviceId);
      if (device && !executions.has(deviceId)) execute(deviceId, device, run);
    }
  });

  function execute(deviceId: string, device: MobileDevice, run: ClaimedRun): void {
    const controller = new AbortController();
    const entry: DeviceExecution = { statusId: run.statusId, controller, done: Promise.resolve() };
    executions.set(deviceId, entry);
    log(`Running ${run.statusId} on ${describeDevice(device)}`);
    const deviceGoneReason = (error: unknown) => {
      const reason = driver.deviceGoneReason(error);
      // The phone is likely gone from adb or Appium too: the next list says so without waiting for its beat.
      if (reason !== undefined) void rediscover();
      return reason;
    };
    const onPhone = async (input: RunExecution) => {
      await input.recorder.log(`Started on ${describeDevice(device)} through Appium at ${appiumUrl}`);
      return driver.execute({ ...input, appiumUrl, device });
    };
    entry.done = reportRun(client, run, controller, onPhone, deviceGoneReason)
      .catch((error: unknown) => log(`Run ${run.statusId} ended with an error: ${firstLineOf(error)}`))
      .finally(() => {
        executions.delete(deviceId);
        log(`Run ${run.statusId} done`);
        void claim();
      });
  }

  link.every(heartbeatMs, beat);
  link.every(options.claimMs ?? GATEWAY_AGENT_CLAIM_MS, claim);
  void claim();
  return { devices: () => answered, rediscover, close };
}

/** "QA Pixel (Android 14, Pixel 7)". */
export function describeDevice(device: MobileDevice): string {
  const name = mobileDeviceNameOf(device);
  const os = `${MOBILE_PLATFORM_LABELS[device.platform]} ${device.osVersion}`.trim();
  return `${name} (${[os, device.model].filter((part) => part !== '' && part !== name).join(', ')})`;
}
