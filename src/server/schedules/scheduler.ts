import { log } from '../logs/logger';

export type TickHandler = (now: Date) => Promise<void> | void;

export interface Scheduler {
  readonly intervalMs: number;
  /** Runs `handler` on every tick until the returned function is called. Schedules, queues and timeouts hook in here. */
  registerTickHandler(name: string, handler: TickHandler): () => void;
  /** When the last tick finished (ms since epoch), or undefined before the first one. */
  lastTickAt(): number | undefined;
  start(): void;
  /** Stops ticking and waits for a running tick to finish. */
  stop(): Promise<void>;
}

/**
 * A single tick loop: ticks never overlap (the next one is timed after the previous one ends), and a failing
 * handler is logged without stopping the others or the loop.
 */
export function createScheduler(intervalMs: number): Scheduler {
  const handlers = new Map<string, TickHandler>();
  let lastTick: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function tick(): Promise<void> {
    const now = new Date();
    for (const [name, handler] of handlers) {
      try {
        await handler(now);
      } catch (error) {
        log().error({ err: error, handler: name }, 'Scheduler tick handler failed');
      }
    }
    lastTick = Date.now();
  }

  function scheduleNext(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        scheduleNext();
      });
    }, intervalMs);
  }

  return {
    intervalMs,
    registerTickHandler(name, handler) {
      if (handlers.has(name)) throw new Error(`A tick handler named "${name}" is already registered`);
      handlers.set(name, handler);
      return () => handlers.delete(name);
    },
    lastTickAt: () => lastTick,
    start() {
      if (!stopped) return;
      stopped = false;
      scheduleNext();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Healthy while ticks keep coming: the last one ended within three intervals. */
export function isSchedulerHealthy(scheduler: Scheduler, now: number = Date.now()): boolean {
  const last = scheduler.lastTickAt();
  return last !== undefined && now - last <= scheduler.intervalMs * 3;
}
