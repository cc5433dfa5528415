import { randomUUID } from 'node:crypto';
import { chromium, type BrowserServer } from 'playwright-core';
import { REMOTE_BROWSER_HEARTBEAT_MS, remoteBrowserAcceptedSchema } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';
import { CHROMIUM_ARGS } from '../../runs/executor/browserExecutor';
import { prepareVideoRecording } from '../../runs/video';
import { log as structuredLog } from '../../logs/logger';

export interface BrowserAgentOptions {
  /** The platform's address, e.g. https://studio.example.com */
  platform: string;
  /** The resource's own token, from Resource Management's "Add remote browser". */
  token: string;
  /** Shown as the resource's name. */
  name?: string | undefined;
  /** Where the browser server listens: 0.0.0.0 for other machines to reach it. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The host name the platform reaches this machine by, when it differs from `host`. */
  advertise?: string | undefined;
  chromiumPath: string;
  heartbeatMs?: number;
  log?: (line: string) => void;
  /** Called when the platform refuses the token: the agent has stopped. */
  onRevoked?: () => void;
}

export interface BrowserAgent {
  /** What the platform connects to. */
  wsEndpoint: string;
  deviceId: string;
  close(): Promise<void>;
}

/** The platform answered, but not with a yes. */
class RefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
const REVOKED = 401;
const NOT_REGISTERED = 409;

/**
 * A browser resource on this machine for a platform elsewhere: starts Chromium's browser server (playwright-core's
 * launchServer; its random WebSocket path is what lets only the platform in), registers the endpoint with the
 * resource's token, and sends a heartbeat every REMOTE_BROWSER_HEARTBEAT_MS. A dropped link is retried on the next
 * beat; a platform that forgot the endpoint is told it again; a revoked token stops the agent.
 */
export async function startBrowserAgent(options: BrowserAgentOptions): Promise<BrowserAgent> {
  const log = options.log ?? ((line: string) => structuredLog().info(line));
  const videoProblem = await prepareVideoRecording();
  if (videoProblem !== null) log(`Runs with Video will fail on this machine: ${videoProblem}`);

  const server: BrowserServer = await chromium.launchServer({
    executablePath: options.chromiumPath,
    args: CHROMIUM_ARGS,
    headless: true,
    host: options.host,
    port: options.port,
    wsPath: `/${randomUUID()}`,
  });
  const endpoint = new URL(server.wsEndpoint());
  if (options.advertise) endpoint.hostname = options.advertise;
  const wsEndpoint = endpoint.toString();

  async function post(path: string, body: unknown): Promise<string> {
    const response = await fetch(new URL(path, options.platform), {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new RefusedError(response.status, `${response.status} ${text.slice(0, 300)}`);
    return remoteBrowserAcceptedSchema.parse(JSON.parse(text)).data.deviceId;
  }

  const register = () => post(endpoints.devices.registerRemoteBrowser, { wsEndpoint, ...(options.name ? { name: options.name } : {}) });

  let deviceId: string;
  try {
    deviceId = await register();
  } catch (error) {
    await server.close();
    throw error;
  }
  log(`Registered as ${deviceId}; the platform connects to ${wsEndpoint}`);

  let linkDown = false;
  let stopped = false;
  const close = async () => {
    stopped = true;
    clearInterval(timer);
    await server.close();
  };

  async function beat(): Promise<void> {
    try {
      try {
        await post(endpoints.devices.remoteBrowserHeartbeat, {});
      } catch (error) {
        if (!(error instanceof RefusedError && error.status === NOT_REGISTERED)) throw error;
        await register();
      }
      if (linkDown) log('The platform answers again');
      linkDown = false;
    } catch (error) {
      if (error instanceof RefusedError && error.status === REVOKED) {
        log(`The platform refused the token (${error.message}): stopping`);
        await close();
        options.onRevoked?.();
        return;
      }
      if (!linkDown) log(`Heartbeat failed (${error instanceof Error ? error.message : String(error)}); trying again every beat`);
      linkDown = true;
    }
  }

  const timer = setInterval(() => {
    if (!stopped) void beat();
  }, options.heartbeatMs ?? REMOTE_BROWSER_HEARTBEAT_MS);

  return { wsEndpoint, deviceId, close };
}
