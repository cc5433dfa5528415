import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, isSchedulerHealthy, type Scheduler } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduler tick loop', () => {
  let scheduler: Scheduler;
  afterEach(async () => scheduler.stop());

  it('runs registered handlers every interval and keeps a heartbeat', async () => {
    scheduler = createScheduler(20);
    const ticks: Date[] = [];
    scheduler.registerTickHandler('count', (now) => void ticks.push(now));
    expect(isSchedulerHealthy(scheduler)).toBe(false);
    scheduler.start();
    await sleep(150);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(isSchedulerHealthy(scheduler)).toBe(true);
    await scheduler.stop();
    const stoppedAt = ticks.length;
    await sleep(100);
    expect(ticks.length).toBe(stoppedAt);
    expect(isSchedulerHealthy(scheduler)).toBe(false);
  });

  it('keeps ticking when a handler throws, and unregisters handlers', async () => {
    scheduler = createScheduler(10);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let healthyTicks = 0;
    scheduler.registerTickHandler('broken', () => {
      throw new Error('boom');
    });
    const unregister = scheduler.registerTickHandler('healthy', () => void (healthyTicks += 1));
    expect(() => scheduler.registerTickHandler('healthy', () => undefined)).toThrow(/already registered/);
    scheduler.start();
    await sleep(80);
    expect(healthyTicks).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveBeenCalled();
    unregister();
    const before = healthyTicks;
    await sleep(50);
    expect(healthyTicks).toBe(before);
    errors.mockRestore();
  });
});
