import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, withLogger } from '../logs/logger';
import { createScheduler, isSchedulerHealthy, type Scheduler } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits end when the ticks have come; the limit is for a scheduler that never ticks. */
const SAFETY_NET = { timeout: 20_000, interval: 5 };

describe('scheduler tick loop', () => {
  let scheduler: Scheduler;
  afterEach(async () => scheduler.stop());

  it('runs registered handlers every interval and keeps a heartbeat', async () => {
    scheduler = createScheduler(20);
    const ticks: Date[] = [];
    scheduler.registerTickHandler('count', (now) => void ticks.push(now));
    expect(isSchedulerHealthy(scheduler)).toBe(false);
    scheduler.start();
    await vi.waitFor(() => {
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(isSchedulerHealthy(scheduler)).toBe(true);
    }, SAFETY_NET);
    await scheduler.stop();
    const stoppedAt = ticks.length;
    await sleep(100);
    expect(ticks.length).toBe(stoppedAt);
    expect(isSchedulerHealthy(scheduler)).toBe(false);
  });

  it('keeps ticking when a handler throws, and unregisters handlers', async () => {
    scheduler = createScheduler(10);
    // The loop logs through the logger of the context it was started in (the server's; here one writing into lines).
    const lines: string[] = [];
    const logger = createLogger({ level: 'error', destination: { write: (line: string) => void lines.push(line) } });
    let healthyTicks = 0;
    scheduler.registerTickHandler('broken', () => {
      throw new Error('boom');
    });
    const unregister = scheduler.registerTickHandler('healthy', () => void (healthyTicks += 1));
    expect(() => scheduler.registerTickHandler('healthy', () => undefined)).toThrow(/already registered/);
    withLogger(logger, () => scheduler.start());
    await vi.waitFor(() => {
      expect(healthyTicks).toBeGreaterThanOrEqual(2);
      expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ msg: 'Scheduler tick handler failed', handler: 'broken', err: expect.objectContaining({ message: 'boom' }) }),
      );
    }, SAFETY_NET);
    unregister();
    const before = healthyTicks;
    await sleep(50);
    expect(healthyTicks).toBe(before);
  });
});
