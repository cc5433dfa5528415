import { agentHeartbeatAnswerSchema } from '../shared/contracts/gateway-agents';
import { endpoints } from '../shared/endpoints';
import { RefusedError, type PlatformClient } from './platformClient';
import { firstLineOf } from './runReporting';

const REVOKED = 401;
const NOT_REGISTERED = 409;

/** An agent's calls to the platform over time: beats and claims on timers, a 401 that stops it, a dropped link retried. */
export interface AgentLink {
  readonly stopped: boolean;
  /** Runs `task` every `ms` until the agent stops. */
  every(ms: number, task: () => Promise<void>): void;
  /** Every call goes through here: a 401 stops the agent, a dropped link is logged once and retried. */
  guarded(call: () => Promise<void>): Promise<void>;
  /** `task`, guarded, run by one caller at a time: a call while it runs (or once stopped) does nothing. */
  oneAtATime(task: () => Promise<void>): () => Promise<void>;
  /** The heartbeat; a platform that forgot the agent (409) is registered with again. */
  beat(): Promise<void>;
  /** No more timers; the caller then ends what runs. */
  halt(): void;
}

export function createAgentLink(input: {
  client: PlatformClient;
  log: (line: string) => void;
  register: () => Promise<unknown>;
  /** Ends what the agent runs, when the platform refused the token. */
  close: () => Promise<void>;
  onRevoked?: (() => void) | undefined;
}): AgentLink {
  const { client, log } = input;
  let stopped = false;
  let linkDown = false;
  const timers: NodeJS.Timeout[] = [];

  async function guarded(call: () => Promise<void>): Promise<void> {
    try {
      await call();
      if (linkDown) log('The platform answers again');
      linkDown = false;
    } catch (error) {
      if (error instanceof RefusedError && error.status === REVOKED) {
        if (stopped) return;
        log(`The platform refused the token (${error.message}): stopping`);
        await input.close();
        input.onRevoked?.();
        return;
      }
      if (!linkDown) log(`The platform could not be reached (${firstLineOf(error)}); trying again`);
      linkDown = true;
    }
  }

  return {
    get stopped() {
      return stopped;
    },
    every(ms, task) {
      timers.push(setInterval(() => void (stopped ? undefined : task()), ms));
    },
    guarded,
    oneAtATime(task) {
      let running = false;
      return () =>
        guarded(async () => {
          if (running || stopped) return;
          running = true;
          try {
            await task();
          } finally {
            running = false;
          }
        });
    },
    beat: () =>
      guarded(async () => {
        try {
          await client.post(endpoints.gatewayAgents.heartbeat, {}, agentHeartbeatAnswerSchema);
        } catch (error) {
          if (!(error instanceof RefusedError && error.status === NOT_REGISTERED)) throw error;
          await input.register();
        }
      }),
    halt() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}

/** The first registration, tried again every beat while the platform cannot be reached; a refusal ends the start. */
export async function registerUntilAnswered<T>(register: () => Promise<T>, everyMs: number, log: (line: string) => void): Promise<T> {
  for (;;) {
    try {
      return await register();
    } catch (error) {
      if (error instanceof RefusedError) throw error;
      log(`The platform could not be reached (${firstLineOf(error)}); trying again in ${everyMs / 1000} s`);
      await new Promise((resolveWait) => setTimeout(resolveWait, everyMs));
    }
  }
}
